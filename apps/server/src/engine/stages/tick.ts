import { ORDER_STATUS } from '@meridian/contracts';
import {
  compareScaled,
  feeExact,
  LEDGER_SCALE,
  LEDGER_TYPE,
  marginExact,
  pendingFillPriceExact,
  pendingTriggeredExact,
  type Scaled,
  safeNumber,
  stopTriggeredExact,
} from '@meridian/domain';
import type { Quote } from '../../market/types.ts';
import { addMicros, type MicroMovement, microText } from '../account-book.ts';
import { commitInBackground, Effects } from '../effects.ts';
import type { EngineState } from '../engine-state.ts';
import type { PricedQuote } from '../exact-market.ts';
import { type LiveOrder, lotsOf, rowOf, stopLossOf, takeProfitOf, targetOf } from '../live-order.ts';
import { stage } from '../order-indexes.ts';
import type { PositionTable } from '../position-table.ts';
import { accountFor } from '../readiness.ts';
import { instrumentOf, takesOrders, text } from '../valuation.ts';
import { copyStopLossOnTick } from './follow.ts';
import { mirrorOpen } from './mirror.ts';
import { cancelPending, mustMove, settle } from './settle.ts';
import { openingOf, screenFactor, stopOutIfDue, wouldStopOut } from './stop-out.ts';

// What happens on a tick (DESIGN §4): the pending fills and the stops it crossed, then the float
// revaluation of the instrument's positions and the exact stop-out of the accounts it flags.

/**
 * On every quote, synchronously: the pending fills and stops whose levels this tick crossed (read
 * from sorted trigger lists up to the first level not crossed), then a float revaluation of the
 * instrument's open positions that flags accounts near the stop-out level for an exact check and
 * stop-out at this quote. What it decided is committed in the next batch.
 */
export function processQuote(s: EngineState, q: Quote) {
  if (s.recovering || s.journal.isFailed) return;
  let fx: Effects | null = null;
  const t = s.triggers.get(q.instrumentId);
  if (t) {
    const onBid = t.bid.crossed(q.bid);
    const onAsk = t.ask.crossed(q.ask);
    if (onBid.length > 0 || onAsk.length > 0) {
      for (const trig of [...onBid, ...onAsk]) {
        const o = s.live.get(trig.orderId);
        if (!o) continue;
        try {
          fx ??= new Effects();
          if (trig.kind === 'fill') fillPending(s, o, q, fx);
          else stopClose(s, o, q, fx);
        } catch (err) {
          s.deps.log.error({ err, orderId: o.id }, 'trigger failed');
        }
      }
    }
  }
  const table = s.positions.get(q.instrumentId);
  if (table && table.size > 0) {
    // Set.clear() allocates a new table even when empty: on every tick it showed in profiles.
    if (s.suspects.size > 0) s.suspects.clear();
    if (revalueTable(s, table, q, s.suspects) && s.suspects.size > 0) {
      fx ??= new Effects();
      for (const slot of s.suspects) stopOutIfDue(s, s.book.userAt(slot), fx);
    }
    if (s.copy.followsHolding(q.instrumentId) !== undefined) {
      fx ??= new Effects();
      copyStopLossOnTick(s, q.instrumentId, fx);
    }
  }
  if (fx) commitInBackground(s, fx);
}

/**
 * Revalues one instrument's positions at `q` into the accounts' floating totals, adding to
 * `flagged` the slots of accounts now near the stop-out level; false (nothing done) when the
 * instrument's quote currency cannot be converted to USD.
 */
export function revalueTable(s: EngineState, table: PositionTable, q: Quote, flagged: Set<number>): boolean {
  const instrument = s.deps.market.instrumentById(q.instrumentId);
  const usdPer = instrument ? s.exact.usdPerUnitF(instrument.quoteCurrency) : Number.NaN;
  if (!Number.isFinite(usdPer)) return false;
  s.book.setScreen(screenFactor(s));
  table.revalue(q.bid, q.ask, usdPer, s.book, flagged);
  return true;
}

function stopClose(s: EngineState, o: LiveOrder, q: Quote, fx: Effects) {
  if (o.status !== ORDER_STATUS.HOLDING) return;
  const pq = s.exact.priced(instrumentOf(s, o), q);
  const hit = stopTriggeredExact(o.side, stopLossOf(o), takeProfitOf(o), pq);
  if (hit) settle(s, o, q, hit, fx);
}

/**
 * A triggered pending order opens at this tick's price. After a gap the margin and fee are
 * recomputed at the fill price and the difference settled; an account that cannot cover it has
 * the order cancelled with that reason instead (DESIGN §4).
 */
function fillPending(s: EngineState, o: LiveOrder, q: Quote, fx: Effects) {
  const target = targetOf(o);
  if (o.status !== ORDER_STATUS.PENDING || !o.pendingKind || target === null) return;
  const instrument = instrumentOf(s, o);
  // A hidden instrument opens nothing new, a fill included: the order waits, its trigger stays.
  if (!takesOrders(s, instrument)) return;
  const pq = s.exact.priced(instrument, q);
  if (!pendingTriggeredExact(o.pendingKind, target, pq)) return;
  const fillPrice = pendingFillPriceExact(o.pendingKind, pq);
  // Filled at its own target: the margin and fee reserved when it was placed stand (DESIGN §4
  // recomputes them after a gap only; a conversion rate that moved since is not a gap).
  const slot = accountFor(s, o.userId);
  // A fill that would put the account at the stop-out level at once (the position's opening
  // spread on top of its losses) cancels the order, margin and fee returned, as a new order is
  // refused. Decided exactly (no float screen): this tick revalues the positions after its fills.
  if (compareScaled(fillPrice, target) === 0) {
    if (wouldStopOut(s, o.userId, slot, 0, 0, openingOf(o, instrument, fillPrice, pq), false)) {
      cancelPending(s, o, 'fill_stop_out', fx);
      return;
    }
    openFilled(s, o, q, pq, fillPrice, o.marginMicros, o.feeMicros, fx);
    return;
  }
  const lots = lotsOf(o);
  const marginR = marginExact(
    {
      contractSize: o.contractSize,
      marginMode: o.marginMode,
      baseCurrency: instrument.baseCurrency,
      quoteCurrency: instrument.quoteCurrency,
    },
    lots,
    fillPrice,
    o.leverage,
    s.freshRates,
  );
  // No USD rate now (a stale conversion pair): the order waits, its trigger stays.
  if (!marginR.ok) return;
  const marginBig = marginR.value.micros;
  const marginMicros = safeNumber(marginBig);
  const feeMicros = safeNumber(feeExact(o.feeType, o.feeRate, lots, { n: marginBig, s: LEDGER_SCALE }));
  const marginAddMicros = addMicros(marginMicros, -o.marginMicros);
  const feeAddMicros = addMicros(feeMicros, -o.feeMicros);
  const extraMicros = addMicros(marginAddMicros, feeAddMicros);
  // Only money the fill takes needs covering; money it gives back never cancels it.
  if (extraMicros > 0 && extraMicros > s.book.balanceMicros[slot]!) {
    cancelPending(s, o, 'gap_unfunded', fx);
    return;
  }
  if (
    wouldStopOut(
      s,
      o.userId,
      slot,
      marginAddMicros,
      feeAddMicros,
      openingOf(o, instrument, fillPrice, pq),
      false,
    )
  ) {
    cancelPending(s, o, 'fill_stop_out', fx);
    return;
  }
  // The margin's and the fee's differences as entries of their own (the fee is always its own
  // entry, DESIGN §4); the one giving money back first, so each step is covered on its own.
  const memo = `order ${o.id} filled at ${text(fillPrice)}`;
  const marginMove: MicroMovement = {
    userId: o.userId,
    type: LEDGER_TYPE.FILL_MARGIN_ADJUSTMENT,
    balanceDelta: addMicros(o.marginMicros, -marginMicros),
    marginDelta: marginAddMicros,
    memo,
    idempotencyKey: `fill-adjust:${o.id}`,
  };
  const feeMove: MicroMovement = {
    userId: o.userId,
    type: LEDGER_TYPE.TRADE_FEE,
    balanceDelta: addMicros(o.feeMicros, -feeMicros),
    memo,
    idempotencyKey: `fill-fee:${o.id}`,
  };
  const moves =
    marginMove.balanceDelta >= feeMove.balanceDelta ? [marginMove, feeMove] : [feeMove, marginMove];
  for (const m of moves) if (m.balanceDelta !== 0) mustMove(s, m);
  openFilled(s, o, q, pq, fillPrice, marginMicros, feeMicros, fx);
}

/** The pending order `o` as an open position at `fillPrice`, holding `marginMicros` and `feeMicros`. */
function openFilled(
  s: EngineState,
  o: LiveOrder,
  q: Quote,
  pq: PricedQuote,
  fillPrice: Scaled,
  marginMicros: number,
  feeMicros: number,
  fx: Effects,
) {
  const next: LiveOrder = {
    ...o,
    status: ORDER_STATUS.HOLDING,
    pendingKind: null,
    openPriceText: text(fillPrice),
    openBid: pq.bidText,
    openAsk: pq.askText,
    openQuoteTime: pq.time,
    openQuoteSeq: q.seq,
    marginMicros,
    feeMicros,
    marginText: marginMicros === o.marginMicros ? o.marginText : microText(marginMicros),
    feeText: feeMicros === o.feeMicros ? o.feeText : microText(feeMicros),
    openedAtMs: s.deps.now(),
    // A new object: the pending order's index links go with it when it is unindexed.
    triggerSlot: -1,
    triggerIndex: null,
    triggerDirections: 0,
    positionSlot: -1,
    prevOfUser: null,
    nextOfUser: null,
  };
  stage(s, o, next, rowOf(next));
  fx.touched.add(o.userId);
  // A provider's pending order filling is a new position: copied at this tick.
  if (s.copy.followersOf(o.userId) !== undefined) mirrorOpen(s, next, fx);
  // A gap can fill the order beyond its own stop loss (or take profit): the new position's
  // triggers were not in this tick's crossed set, so its stops are judged at this tick now.
  stopClose(s, next, q, fx);
}
