import { type StaffCallBody, type StaffCallData, staffLoginCall } from '@meridian/contracts';
import { sendStaff } from '../../../lib/staff-client';

/** POST /auth/login: e-mail and password, plus `totp` once the server asked for it (5102). */
export type LoginBody = StaffCallBody<typeof staffLoginCall>;
export type LoginData = StaffCallData<typeof staffLoginCall>;

export const login = (body: LoginBody) => sendStaff(staffLoginCall, { body });
