import type { staffChangePasswordCall } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import type { StaffContext } from '../register-staff-call.ts';
import { revokeStaffSessions, updateStaff } from '../staff.repository.ts';
import type { StaffDeps } from '../staff-deps.ts';
import { isStaffPasswordStrong } from '../staff-password.ts';

/** A new password for oneself; every other session of the account ends. */
export async function changeStaffPassword(
  deps: Pick<StaffDeps, 'db' | 'now'>,
  input: Pick<StaffContext<typeof staffChangePasswordCall>, 'staff' | 'body' | 'tokenHash' | 'audit'>,
) {
  const { staff, body, tokenHash, audit } = input;
  if (!(await verifyPassword(staff.passwordHash, body.current))) throw new AppError('STAFF_PASSWORD_WRONG');
  if (body.next === body.current) throw new AppError('PASSWORD_UNCHANGED');
  if (!isStaffPasswordStrong(body.next)) throw new AppError('STAFF_PASSWORD_WEAK');
  await updateStaff(deps.db, staff.id, { passwordHash: await hashPassword(body.next) });
  await revokeStaffSessions(deps.db, staff.id, new Date(deps.now()), tokenHash);
  audit({ action: 'staff.password_changed', targetType: 'staff', targetId: staff.id });
  return null;
}
