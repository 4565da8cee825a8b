import { ORDER_STATUS } from '@meridian/contracts';
import {
  checkPendingStopEdit,
  checkPendingStopEditFast,
  checkStopEdit,
  checkStopEditFast,
  type FastStops,
} from '@meridian/domain';
import { AppError } from '../../lib/app-error.ts';
import { MARKET_STATUS } from '../../market/market-status.ts';
import type { EngineState } from '../engine-state.ts';
import { rowOf, stopText, targetOf } from '../live-order.ts';
import type { OrderRow } from '../order.repository.ts';
import { restageStops } from '../order-indexes.ts';
import { accountFor, ready } from '../readiness.ts';
import { instrumentOf } from '../valuation.ts';
import { refuse } from './close.ts';
import { mirrorStops } from './mirror.ts';

// A trader's new stop loss and take profit on a position or a pending order.

/** Decimal places of a stored price text ('1.16381' → 5, '0' → 0). */
const decimalsOf = (t: string): number => {
  const dot = t.indexOf('.');
  return dot < 0 ? 0 : t.length - dot - 1;
};

/** The exact stop rules' answer as the texts a row stores; a refusal throws its code. */
function stopTexts(checked: ReturnType<typeof checkStopEdit>): FastStops {
  if (!checked.ok) throw new AppError(checked.error.code);
  return {
    stopLossText: stopText(checked.value.stopLoss),
    takeProfitText: stopText(checked.value.takeProfit),
  };
}

export async function editStops(
  s: EngineState,
  userId: number,
  orderId: number,
  stopLoss: string,
  takeProfit: string,
): Promise<OrderRow> {
  const isReady = ready(s, userId);
  if (isReady !== true) await isReady;
  accountFor(s, userId);
  const o = s.live.get(orderId);
  // The owner's finished order is 'not an open position' (as a second close is told); another
  // user's id answers like a missing one.
  if (!o || o.userId !== userId) return refuse(s, userId, orderId, ORDER_STATUS.HOLDING);
  const instrument = instrumentOf(s, o);
  const request = { side: o.side, stopLoss, takeProfit };
  // Stops set before staff made the precision coarser may be finer than prices are quoted now:
  // they stay acceptable, or keeping the stop loss would block a new take profit. The precision
  // only bounds the decimals a stop may have, so what the instrument's precision accepts is
  // accepted at the finer one too: the old stops' texts (cold memory on a random order, read on
  // every edit) are read only when it does not.
  const finer = () =>
    Math.max(instrument.pricePrecision, decimalsOf(o.stopLossText), decimalsOf(o.takeProfitText));
  let stops: FastStops | null;
  if (o.status === ORDER_STATUS.HOLDING) {
    const ctx = {
      pricePrecision: instrument.pricePrecision,
      marketOpen: s.deps.market.status(o.instrumentId) === MARKET_STATUS.OPEN,
      quote: s.exact.latest(instrument),
      nowMs: s.deps.now(),
      maxQuoteAgeMs: s.deps.market.maxQuoteAgeMs(o.instrumentId),
    };
    // Safe integers first; the exact rules for whatever that path leaves (every refusal).
    stops = checkStopEditFast(request, ctx);
    if (stops === null) {
      ctx.pricePrecision = finer();
      stops = checkStopEditFast(request, ctx) ?? stopTexts(checkStopEdit(request, ctx));
    }
  } else {
    // A pending order's stops are judged against its target (where it will open).
    const targetText = o.targetPriceText!;
    stops = checkPendingStopEditFast(request, { pricePrecision: instrument.pricePrecision, targetText });
    if (stops === null) {
      const pricePrecision = finer();
      stops =
        checkPendingStopEditFast(request, { pricePrecision, targetText }) ??
        stopTexts(checkPendingStopEdit(request, { pricePrecision, target: targetOf(o)! }));
    }
  }
  // In place: only the stops change, and nothing else holds the order between decisions (an
  // object spread of an order costs more than the rest of the edit).
  o.stopLossText = stops.stopLossText;
  o.takeProfitText = stops.takeProfitText;
  const row = rowOf(o);
  restageStops(s, o, row);
  if (o.status === ORDER_STATUS.HOLDING && s.copy.copiesOf(o.id) !== undefined) {
    mirrorStops(s, o);
    await s.journal.commit();
    for (const c of s.copy.copiesOf(o.id) ?? []) s.deps.events.accountTouched(c.userId);
    return row;
  }
  await s.journal.commit();
  return row;
}
