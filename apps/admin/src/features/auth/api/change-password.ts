import { type StaffCallBody, staffChangePasswordCall } from '@meridian/contracts';
import { sendStaff } from '../../../lib/staff-client';

/** POST /auth/password: one's own password (12+ characters, letters and digits). */
export const changePassword = (body: StaffCallBody<typeof staffChangePasswordCall>) =>
  sendStaff(staffChangePasswordCall, { body });
