import type { staffCloseOrderCall } from '@meridian/contracts';
import { findOrder } from '../../../engine/order.repository.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { liveOrderRows } from '../live-order-rows.ts';
import { toStaffOrderRow } from '../staff-order.mapper.ts';

/** Closes a live position (or cancels a pending order) on the house's say, with the reason given. */
export async function closeOrder(
  deps: Pick<BackofficeDeps, 'db' | 'engine' | 'market'>,
  input: Pick<StaffContext<typeof staffCloseOrderCall>, 'params' | 'body' | 'audit'>,
) {
  const { engine } = deps;
  const { params, body, audit } = input;
  await engine.settled();
  const live = engine.liveOrder(params.id);
  if (!live) {
    // An order that has ended is told apart from one that never existed.
    if (await findOrder(deps.db, params.id)) throw new AppError('STAFF_ORDER_ENDED');
    throw new AppError('STAFF_TARGET_NOT_FOUND');
  }
  const before = (await liveOrderRows(deps, [live]))[0]!;
  const row = await engine.adminClose(params.id);
  const after = toStaffOrderRow(deps, row, { uid: before.uid, isDemo: before.demo });
  audit({
    action: 'order.admin_close',
    targetType: 'order',
    targetId: params.id,
    before,
    after: { ...after, reason: body.reason },
  });
  return after;
}
