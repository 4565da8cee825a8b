import { ORDER_STATUS, type staffPositionsCall } from '@meridian/contracts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { userIdByUid } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { liveOrderRows } from '../live-order-rows.ts';

/** The live book (pending orders or open positions), filtered by owner and instrument. */
export async function listPositions(
  deps: Pick<BackofficeDeps, 'db' | 'engine' | 'market'>,
  input: Pick<StaffContext<typeof staffPositionsCall>, 'query'>,
) {
  const { engine } = deps;
  const q = input.query;
  const userId = q.uid === undefined ? undefined : await userIdByUid(deps.db, q.uid);
  if (userId === null) return { rows: [], total: 0 };
  await engine.settled();
  const all = engine.allLive({
    status: q.status === ORDER_STATUS.PENDING ? ORDER_STATUS.PENDING : ORDER_STATUS.HOLDING,
    ...(userId ? { userId } : {}),
    ...(q.instrumentId ? { instrumentId: q.instrumentId } : {}),
  });
  const slice = all.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
  return { rows: await liveOrderRows(deps, slice), total: all.length };
}
