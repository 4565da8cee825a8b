import type { staffUserInviteesCall } from '@meridian/contracts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { inviteesPage } from '../referrals.repository.ts';
import { requireUser } from '../require-user.ts';
import { toStaffUserRow } from '../staff-user.mapper.ts';

/** The users this user invited directly, a page at a time. */
export async function listUserInvitees(
  deps: Pick<BackofficeDeps, 'db'>,
  input: Pick<StaffContext<typeof staffUserInviteesCall>, 'params' | 'query'>,
) {
  const { params, query } = input;
  await requireUser(deps.db, params.id);
  const { rows, total } = await inviteesPage(deps.db, params.id, query.page, query.pageSize);
  return {
    rows: rows.map((x) => {
      const row = toStaffUserRow(x);
      return {
        id: row.id,
        uid: row.uid,
        email: row.email,
        mobile: row.mobile,
        isDemo: row.isDemo,
        createdAt: row.createdAt,
        invited: x.invited,
      };
    }),
    total,
  };
}
