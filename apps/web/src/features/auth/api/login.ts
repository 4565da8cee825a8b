import type { LoginResult } from '@meridian/contracts';
import { calls } from '../../../lib/calls';
import { getDeviceId } from '../../../lib/device-id';
import { call, request } from '../../../lib/request';

/** Login types of POST /api/user/loginForU: 1 e-mail, 2 mobile number. */
export const LOGIN_TYPE = { email: 1, mobile: 2 } as const;
export type LoginMode = keyof typeof LOGIN_TYPE;

export interface LoginInput {
  account: string;
  password: string;
  mode: LoginMode;
}

/** POST /api/user/loginForU (form): account, password, login_type → {token, user}. */
export const loginWithPassword = ({ account, password, mode }: LoginInput) =>
  request<LoginResult>(
    'POST',
    '/api/user/loginForU',
    { account, password, login_type: LOGIN_TYPE[mode] },
    { form: true, loading: true },
  );

/** GET /api/user/createAccountDemoForU?demo_id=<device uuid>: creates or resumes the device's demo account. */
export const loginDemo = () => call(calls.demoLogin, { demo_id: getDeviceId() }, { loading: true });
