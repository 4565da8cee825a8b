import { ORDER_STATUS } from '@meridian/contracts';
import { closeSideOf, LEDGER_TYPE } from '@meridian/domain';
import { AppError } from '../../lib/app-error.ts';
import type { Quote } from '../../market/types.ts';
import { addMicros, type MicroMovement, microText } from '../account-book.ts';
import type { Effects } from '../effects.ts';
import type { EngineState } from '../engine-state.ts';
import { endedRowOf, type LiveOrder } from '../live-order.ts';
import type { OrderRow } from '../order.repository.ts';
import { liveOrdersOf, stage } from '../order-indexes.ts';
import { accountFor } from '../readiness.ts';
import { instrumentOf, profitMicrosAt, rates, text } from '../valuation.ts';
import { mirrorClose } from './mirror.ts';

// How an order ends: a position settled at a quote (with negative balance protection after), a
// pending order cancelled with its reserve returned. Every ending stage (a close, a stop, a
// stop-out, the house, a demo reset) comes through here.

export type CloseReason =
  | 'user'
  | 'stop_loss'
  | 'take_profit'
  | 'stop_out'
  | 'demo_reset'
  | 'admin'
  /** A copy closed because its provider's position closed (DESIGN §9; the spec's copy-trading leader). */
  | 'leader'
  /** A copy closed by its follow's copy stop loss, or when the follow stopped. */
  | 'copy_stop_loss'
  | 'copy_stopped';

/** A movement the decision already proved affordable: a refusal here is a bug, not a user error. */
export function mustMove(s: EngineState, m: MicroMovement) {
  const r = s.book.move(m);
  if (!r.ok) throw new Error(`movement ${m.idempotencyKey ?? m.memo} refused`);
  return r;
}

/** Closes a position at a quote: margin back plus profit, negative balance protection after. */
export function settle(s: EngineState, o: LiveOrder, q: Quote, reason: CloseReason, fx: Effects): OrderRow {
  const instrument = instrumentOf(s, o);
  const pq = s.exact.priced(instrument, q);
  const profitMicros = profitMicrosAt(o, instrument, pq, reason === 'user' ? s.freshRates : rates(s));
  if (profitMicros === null) throw new AppError('ORDER_CONVERSION_UNAVAILABLE');
  // A loss larger than the balance leaves it negative; see coverNegativeBalance for what follows.
  const settled = mustMove(s, {
    userId: o.userId,
    type: LEDGER_TYPE.POSITION_SETTLE,
    balanceDelta: addMicros(o.marginMicros, profitMicros),
    marginDelta: -o.marginMicros,
    memo: `order ${o.id}`,
    idempotencyKey: `settle:${o.id}`,
    allowNegativeBalance: true,
  });
  const row = endedRowOf(o, {
    status: ORDER_STATUS.CLOSED,
    closePrice: text(closeSideOf(o.side, pq)),
    closeBid: pq.bidText,
    closeAsk: pq.askText,
    closeQuoteTime: pq.time,
    closeQuoteSeq: q.seq,
    closeReason: reason,
    realisedProfit: microText(profitMicros),
    closedAt: new Date(s.deps.now()),
  });
  stage(s, o, o, row);
  fx.end(o.userId, o.id);
  // A provider's position closing closes its copies at the same quote, in the same batch.
  if (s.copy.copiesOf(o.id) !== undefined) mirrorClose(s, o, q, fx);
  // A demo reset sets the balance itself right after its closes: no protection entry in between.
  if (settled.balanceAfter < 0 && reason !== 'demo_reset') coverNegativeBalance(s, o.userId, o.id, fx);
  return row;
}

/**
 * Negative balance protection (DESIGN §3), for the account as a whole. While a position is still
 * open the deficit is the trader's: the open positions' margin and profit stand behind it (closing
 * one leg of a hedge at a loss larger than the balance is not a loss to forgive while the other leg
 * holds the gain), and the stop-out watches the account's equity as before. Once nothing is open,
 * pending orders cannot be funded from a deficit: they are cancelled (their reserved margin and fee
 * come back first), and whatever is still below zero is reset to zero by an entry of its own.
 */
function coverNegativeBalance(s: EngineState, userId: number, closedOrderId: number, fx: Effects) {
  const live = liveOrdersOf(s, userId);
  if (live.some((x) => x.status === ORDER_STATUS.HOLDING)) return;
  for (const p of live) cancelPending(s, p, 'negative_balance', fx);
  const slot = accountFor(s, userId);
  const book = s.book;
  // A loss is limited to the funds in the account, and money frozen for a withdrawal under review
  // is still there: it covers the deficit first, the broker only what is left (the wallet then
  // settles the requests against what stays frozen). Paying it out after covering the same
  // deficit would have had the broker pay twice.
  const frozenMicros = book.lockMicros[slot]!;
  if (book.balanceMicros[slot]! < 0 && frozenMicros > 0) {
    const usedMicros = Math.min(frozenMicros, -book.balanceMicros[slot]!);
    mustMove(s, {
      userId,
      type: LEDGER_TYPE.WITHDRAWAL_APPLIED_TO_LOSS,
      balanceDelta: usedMicros,
      lockDelta: -usedMicros,
      memo: `order ${closedOrderId}`,
      idempotencyKey: `nbp-frozen:${closedOrderId}`,
    });
    fx.frozenApplied ??= new Set();
    fx.frozenApplied.add(userId);
  }
  const balanceMicros = book.balanceMicros[slot]!;
  if (balanceMicros < 0)
    mustMove(s, {
      userId,
      type: LEDGER_TYPE.NEGATIVE_BALANCE_RESET,
      balanceDelta: -balanceMicros,
      memo: `order ${closedOrderId}`,
      idempotencyKey: `nbp:${closedOrderId}`,
    });
}

/** Cancels a pending order: its reserved margin and fee back to the balance. */
export function cancelPending(s: EngineState, o: LiveOrder, reason: string, fx: Effects): OrderRow {
  mustMove(s, {
    userId: o.userId,
    type: LEDGER_TYPE.ORDER_CANCEL_REFUND,
    balanceDelta: addMicros(o.marginMicros, o.feeMicros),
    marginDelta: -o.marginMicros,
    memo: `order ${o.id} cancelled`,
    idempotencyKey: `cancel:${o.id}`,
  });
  const row = endedRowOf(o, {
    status: ORDER_STATUS.CANCELLED,
    closePrice: null,
    closeBid: null,
    closeAsk: null,
    closeQuoteTime: null,
    closeQuoteSeq: null,
    closeReason: reason,
    realisedProfit: null,
    closedAt: new Date(s.deps.now()),
  });
  stage(s, o, o, row);
  fx.end(o.userId, o.id);
  return row;
}
