import { calls } from '../../../lib/calls';
import { callEnvelope } from '../../../lib/request';
import type { AccountMode } from '../validation';
import { ACCOUNT_TYPE } from './login';

export interface ResetInput {
  mode: AccountMode;
  account: string;
  areaId?: number | undefined;
  password: string;
  repeat: string;
  code: string;
}

/** POST /api/user/forget_password (form) with a type-2 code; resolves to the envelope (its msg is shown). */
export const resetPassword = (input: ResetInput) =>
  callEnvelope(
    calls.forgetPassword,
    {
      type: ACCOUNT_TYPE[input.mode],
      account: input.account,
      area_id: input.mode === 'mobile' ? input.areaId : undefined,
      new_password: input.password,
      secondary_password: input.repeat,
      auth_code: input.code,
    },
    { form: true, loading: true },
  );
