import { ORDER_STATUS } from '@meridian/contracts';
import { LEDGER_TYPE, type Money } from '@meridian/domain';
import { AppError } from '../../lib/app-error.ts';
import { MARKET_STATUS } from '../../market/market-status.ts';
import { addMicros, micros } from '../account-book.ts';
import { durable, Effects } from '../effects.ts';
import type { EngineState } from '../engine-state.ts';
import type { LiveOrder } from '../live-order.ts';
import { findOrder, type OrderRow } from '../order.repository.ts';
import { liveOrdersOf } from '../order-indexes.ts';
import { accountFor, prepare, ready } from '../readiness.ts';
import { floatingMicros, freshQuoteOf } from '../valuation.ts';
import { cancelPending, mustMove, settle } from './settle.ts';

// A trader ending orders: closing a position, cancelling a pending order, resetting a demo account.

type LiveStatus = typeof ORDER_STATUS.PENDING | typeof ORDER_STATUS.HOLDING;

/** The answer for an order that is not the user's live one in the state asked for. */
export async function refuse(
  s: EngineState,
  userId: number,
  orderId: number,
  status: LiveStatus,
): Promise<never> {
  // Not live: the user's own finished order is 'not holding/pending'; another user's id answers
  // exactly like a missing one, so nothing is revealed.
  const wrongState = new AppError(
    status === ORDER_STATUS.HOLDING ? 'ORDER_NOT_HOLDING' : 'ORDER_NOT_PENDING',
  );
  const o = s.live.get(orderId);
  if (o?.userId === userId) throw wrongState;
  const row = o ? null : await findOrder(s.deps.db, orderId);
  if (row && row.userId === userId) throw wrongState;
  throw new AppError('ORDER_NOT_FOUND');
}

function ownedLive(s: EngineState, userId: number, orderId: number, status: LiveStatus): LiveOrder | null {
  const o = s.live.get(orderId);
  return o?.userId === userId && o.status === status ? o : null;
}

/** A user closing a position: refused while the market is closed (DESIGN §4), never queued. */
export async function closeByUser(s: EngineState, userId: number, orderId: number): Promise<OrderRow> {
  const isReady = ready(s, userId);
  if (isReady !== true) await isReady;
  accountFor(s, userId);
  const o = ownedLive(s, userId, orderId, ORDER_STATUS.HOLDING);
  if (!o) return refuse(s, userId, orderId, ORDER_STATUS.HOLDING);
  if (s.deps.market.status(o.instrumentId) !== MARKET_STATUS.OPEN) throw new AppError('ORDER_MARKET_CLOSED');
  // No fill on a stale price (DESIGN §4): a close is a fill too.
  const q = freshQuoteOf(s, o.instrumentId);
  if (!q) throw new AppError('ORDER_PRICE_UNAVAILABLE');
  const fx = new Effects();
  const row = settle(s, o, q, 'user', fx);
  await durable(s, fx);
  return row;
}

export async function cancelByUser(s: EngineState, userId: number, orderId: number): Promise<OrderRow> {
  const isReady = ready(s, userId);
  if (isReady !== true) await isReady;
  accountFor(s, userId);
  const o = ownedLive(s, userId, orderId, ORDER_STATUS.PENDING);
  if (!o) return refuse(s, userId, orderId, ORDER_STATUS.PENDING);
  const fx = new Effects();
  const row = cancelPending(s, o, 'cancelled', fx);
  await durable(s, fx);
  return row;
}

/**
 * Demo reset (DESIGN §6): every position closed and every pending order cancelled at the latest
 * quotes, then one entry brings the balance back to the starting amount; one batch.
 */
export async function resetDemo(s: EngineState, userId: number, startBalance: Money): Promise<void> {
  await prepare(s, userId);
  accountFor(s, userId);
  const startMicros = micros(startBalance); // before anything is closed: a bad setting changes nothing
  const orders = liveOrdersOf(s, userId);
  const market = s.deps.market;
  // All or nothing: every position must be priceable before the first one is closed.
  for (const o of orders) {
    if (o.status === ORDER_STATUS.HOLDING && !market.latest(o.instrumentId))
      throw new AppError('ORDER_PRICE_UNAVAILABLE');
    if (o.status === ORDER_STATUS.HOLDING && floatingMicros(s, o) === null)
      throw new AppError('ORDER_CONVERSION_UNAVAILABLE');
  }
  const fx = new Effects();
  // Pending orders first (their reserves back), then the positions.
  for (const o of orders) if (o.status === ORDER_STATUS.PENDING) cancelPending(s, o, 'demo_reset', fx);
  for (const o of orders)
    if (o.status === ORDER_STATUS.HOLDING) settle(s, o, market.latest(o.instrumentId)!, 'demo_reset', fx);
  const deltaMicros = addMicros(startMicros, -s.book.balanceMicros[accountFor(s, userId)]!);
  if (deltaMicros !== 0)
    mustMove(s, { userId, type: LEDGER_TYPE.DEMO_RESET, balanceDelta: deltaMicros, memo: 'demo reset' });
  fx.touched.add(userId);
  await durable(s, fx);
}
