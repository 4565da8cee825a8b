import { staffLogoutCall } from '@meridian/contracts';
import { callStaff } from '../../../lib/staff-client';

/** POST /auth/logout: ends this staff session on the server. */
export const logout = () => callStaff(staffLogoutCall);
