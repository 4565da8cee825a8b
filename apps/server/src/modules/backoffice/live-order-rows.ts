import { type LiveOrder, rowOf } from '../../engine/live-order.ts';
import { usersByIds } from './backoffice.repository.ts';
import type { BackofficeDeps } from './backoffice-deps.ts';
import { toStaffOrderRow } from './staff-order.mapper.ts';

/** Live orders as staff rows, each with its owner's UID read in one query. */
export async function liveOrderRows(
  deps: Pick<BackofficeDeps, 'db' | 'engine' | 'market'>,
  orders: LiveOrder[],
) {
  const owners = new Map(
    (await usersByIds(deps.db, [...new Set(orders.map((o) => o.userId))])).map((u) => [u.id, u]),
  );
  return orders.map((o) =>
    toStaffOrderRow(deps, rowOf(o), owners.get(o.userId) ?? { uid: '', isDemo: false }, o),
  );
}
