import type { staffUserOrdersCall } from '@meridian/contracts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { historyOf } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { requireUser } from '../require-user.ts';
import { toStaffOrderRow } from '../staff-order.mapper.ts';

/** The user's ended orders (closed or cancelled), newest first, a page at a time. */
export async function listUserOrders(
  deps: Pick<BackofficeDeps, 'db' | 'engine' | 'market'>,
  input: Pick<StaffContext<typeof staffUserOrdersCall>, 'params' | 'query'>,
) {
  const { params, query } = input;
  const u = await requireUser(deps.db, params.id);
  const { rows, total } = await historyOf(deps.db, params.id, query.page, query.pageSize);
  return { rows: rows.map((r) => toStaffOrderRow(deps, r, u)), total };
}
