import type { staffUpdateCall } from '@meridian/contracts';
import { AppError } from '../../../lib/app-error.ts';
import type { StaffContext } from '../register-staff-call.ts';
import { countActiveOwners, findStaffById, revokeStaffSessions, updateStaff } from '../staff.repository.ts';
import type { StaffDeps } from '../staff-deps.ts';
import { staffSnapshot, toStaffMember } from '../staff-member.mapper.ts';

/** Another member's role, access or second factor (an owner's call). */
export async function updateStaffMember(
  deps: Pick<StaffDeps, 'db' | 'now'>,
  input: Pick<StaffContext<typeof staffUpdateCall>, 'staff' | 'params' | 'body' | 'audit'>,
) {
  const { db } = deps;
  const { staff, params, body, audit } = input;
  const before = await findStaffById(db, params.id);
  if (!before) throw new AppError('STAFF_NOT_FOUND');
  // One's own account: disabling it or changing its role signs one out at once with no way back
  // in (or less access than the task needed); another owner does it. Resetting one's own second
  // factor stays allowed (it only asks for a new enrolment at the next sign-in).
  if (
    params.id === staff.id &&
    (body.disabled === true || (body.role !== undefined && body.role !== before.role))
  )
    throw new AppError('STAFF_SELF_CHANGE');
  const losesOwner =
    before.role === 'owner' &&
    !before.disabled &&
    ((body.role && body.role !== 'owner') || body.disabled === true);
  if (losesOwner && (await countActiveOwners(db)) <= 1) throw new AppError('STAFF_LAST_OWNER');
  const updated = (await updateStaff(db, params.id, {
    ...(body.role ? { role: body.role } : {}),
    ...(body.disabled !== undefined ? { disabled: body.disabled } : {}),
    ...(body.resetTotp ? { totpSecret: null, totpPendingSecret: null, totpLastStep: null } : {}),
  }))!;
  // A changed role, a disabled account or a reset second factor ends its sessions.
  await revokeStaffSessions(db, params.id, new Date(deps.now()));
  audit({
    action: 'staff.updated',
    targetType: 'staff',
    targetId: params.id,
    before: staffSnapshot(before),
    after: staffSnapshot(updated),
  });
  return toStaffMember(updated);
}
