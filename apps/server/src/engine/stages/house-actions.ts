import { ORDER_STATUS } from '@meridian/contracts';
import { AppError } from '../../lib/app-error.ts';
import { durable, Effects } from '../effects.ts';
import type { EngineState } from '../engine-state.ts';
import type { OrderRow } from '../order.repository.ts';
import { accountFor, prepare } from '../readiness.ts';
import { settled } from './lifecycle.ts';
import { cancelPending, settle } from './settle.ts';

// What the house does to an account: compliance's trading freeze, a dealer's close.

/**
 * Compliance freezes or unfreezes trading (the stored flag is written by the caller first). Waits
 * out a recovery however long it lasts: the stored flag is already written, and a rebuild that
 * read the account before it would otherwise leave the account trading.
 */
export async function setTradingFrozen(s: EngineState, userId: number, frozen: boolean) {
  await prepare(s, userId, Number.POSITIVE_INFINITY);
  s.book.frozen[accountFor(s, userId)] = frozen ? 1 : 0;
}

/**
 * The house closes a position (at the latest quote, even while the market is closed: a dealer's
 * deliberate act, unlike a stop-out) or cancels a pending order; recorded with reason 'admin'.
 */
export async function adminClose(s: EngineState, orderId: number): Promise<OrderRow> {
  await settled(s); // mid-rebuild the order would not be found yet
  const o = s.live.get(orderId);
  if (!o) throw new AppError('ORDER_NOT_FOUND');
  await prepare(s, o.userId);
  accountFor(s, o.userId);
  const now = s.live.get(orderId);
  if (!now) throw new AppError('ORDER_NOT_FOUND');
  const fx = new Effects();
  let row: OrderRow;
  if (now.status === ORDER_STATUS.PENDING) row = cancelPending(s, now, 'admin', fx);
  else {
    const q = s.deps.market.latest(now.instrumentId);
    if (!q) throw new AppError('ORDER_PRICE_UNAVAILABLE');
    row = settle(s, now, q, 'admin', fx);
  }
  await durable(s, fx);
  return row;
}
