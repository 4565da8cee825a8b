import { calls } from '../../../lib/calls';
import { getDeviceId } from '../../../lib/device-id';
import { call } from '../../../lib/request';
import type { AccountMode } from '../validation';

/** Account types of the login, register, code and reset calls: 1 e-mail, 2 mobile number. */
export const ACCOUNT_TYPE = { email: 1, mobile: 2 } as const;
export type LoginMode = AccountMode;

export interface LoginInput {
  account: string;
  password: string;
  mode: LoginMode;
  /** Area code id (mobile only). */
  areaId?: number | undefined;
}

/** POST /api/user/loginForU (form): account, password, login_type, area_id (mobile) → {token, user}. */
export const loginWithPassword = ({ account, password, mode, areaId }: LoginInput) =>
  call(
    calls.login,
    {
      account,
      password,
      login_type: ACCOUNT_TYPE[mode],
      area_id: mode === 'mobile' ? areaId : undefined,
    },
    { form: true, loading: true },
  );

/** GET /api/user/createAccountDemoForU?demo_id=<device uuid>: creates or resumes the device's demo account. */
export const loginDemo = () => call(calls.demoLogin, { demo_id: getDeviceId() }, { loading: true });
