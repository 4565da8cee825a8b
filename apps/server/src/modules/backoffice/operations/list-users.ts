import type { staffUsersCall } from '@meridian/contracts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { searchUsers } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { toStaffUserRow } from '../staff-user.mapper.ts';

export async function listUsers(
  deps: Pick<BackofficeDeps, 'db'>,
  input: Pick<StaffContext<typeof staffUsersCall>, 'query'>,
) {
  const { rows, total } = await searchUsers(deps.db, input.query);
  return { rows: rows.map(toStaffUserRow), total };
}
