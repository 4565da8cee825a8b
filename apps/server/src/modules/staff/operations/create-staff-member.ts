import type { staffCreateCall } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { hashPassword } from '../../auth/password.ts';
import type { StaffContext } from '../register-staff-call.ts';
import { insertStaff } from '../staff.repository.ts';
import type { StaffDeps } from '../staff-deps.ts';
import { staffSnapshot, toStaffMember } from '../staff-member.mapper.ts';
import { isStaffPasswordStrong } from '../staff-password.ts';

export async function createStaffMember(
  deps: Pick<StaffDeps, 'db'>,
  input: Pick<StaffContext<typeof staffCreateCall>, 'body' | 'audit'>,
) {
  const { body, audit } = input;
  if (!isStaffPasswordStrong(body.password)) throw new AppError('STAFF_PASSWORD_WEAK');
  const created = await insertStaff(deps.db, {
    email: body.email,
    name: body.name,
    role: body.role,
    passwordHash: await hashPassword(body.password),
  });
  if (!created) throw new AppError('STAFF_EMAIL_EXISTS');
  audit({
    action: 'staff.created',
    targetType: 'staff',
    targetId: created.id,
    before: null,
    after: staffSnapshot(created),
  });
  return toStaffMember(created);
}
