import { calls } from '../../../lib/calls';
import { callEnvelope } from '../../../lib/request';
import type { AccountMode } from '../validation';
import { ACCOUNT_TYPE } from './login';

export interface RegisterInput {
  mode: AccountMode;
  /** The e-mail, or the mobile number's digits. */
  account: string;
  areaId?: number | undefined;
  password: string;
  repeat: string;
  inviteCode: string;
  /** The e-mailed/texted code, or the picture code's text. */
  code: string;
  /** The picture code's id (verify_reg_type 2). */
  captchaId?: string | undefined;
}

/** POST /api/user/register (form) → {token, user}: the new account is logged in; resolves to the envelope (its msg is shown). */
export const registerAccount = (input: RegisterInput) =>
  callEnvelope(
    calls.register,
    {
      type: ACCOUNT_TYPE[input.mode],
      area_id: input.mode === 'mobile' ? input.areaId : undefined,
      account: input.account,
      password: input.password,
      re_password: input.repeat,
      invite_code: input.inviteCode,
      sms_code: input.code,
      key: input.captchaId,
    },
    { form: true, loading: true },
  );
