import { listStaff } from '../staff.repository.ts';
import type { StaffDeps } from '../staff-deps.ts';
import { toStaffMember } from '../staff-member.mapper.ts';

export async function listStaffMembers(deps: Pick<StaffDeps, 'db'>) {
  return (await listStaff(deps.db)).map(toStaffMember);
}
