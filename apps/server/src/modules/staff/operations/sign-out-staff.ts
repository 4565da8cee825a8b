import { revokeStaffSession } from '../staff.repository.ts';
import type { StaffDeps } from '../staff-deps.ts';

export async function signOutStaff(deps: Pick<StaffDeps, 'db' | 'now'>, input: { tokenHash: string }) {
  await revokeStaffSession(deps.db, input.tokenHash, new Date(deps.now()));
  return null;
}
