import { ORDER_STATUS } from '@meridian/contracts';
import {
  closeSideOf,
  type ExactRateSource,
  formatScaled,
  isQuoteFresh,
  money,
  profitExact,
  type Scaled,
  safeNumber,
} from '@meridian/domain';
import type { InstrumentRecord } from '../market/market-runtime.ts';
import { MARKET_STATUS } from '../market/market-status.ts';
import type { Quote } from '../market/types.ts';
import { addMicros, microText } from './account-book.ts';
import type { EngineState } from './engine-state.ts';
import type { PricedQuote } from './exact-market.ts';
import { type LiveOrder, lotsOf, openPriceOf } from './live-order.ts';
import { liveOrdersOf } from './order-indexes.ts';

// Prices and profits as the stages read them: quotes, USD rates, a position's floating profit.

export const text = (v: Scaled) => formatScaled(v.n, v.s);

/** Micro-dollars (a safe integer) as Money, for callers outside the engine. */
export const moneyOf = (v: number) => money(microText(v));

/** The latest USD rates (stop loss, take profit, stop-out: they act on the latest rate, never wait). */
export function rates(s: EngineState): ExactRateSource {
  if (!s.exact.hasConversions) s.exact.buildConversions();
  return s.exact.rates;
}

/**
 * USD rates for a trader's decision that charges money (a new order, a close, a pending order
 * re-priced after a gap): a conversion pair whose market is open but has not ticked within its
 * interval converts nothing, as its own quote would price nothing (DESIGN §4 'no fill on a stale
 * price'; at a session's first ticks USDJPY may still show Friday's rate while EURJPY trades). A
 * closed pair's last quote stands: nothing newer exists. Stop loss, take profit and stop-out act
 * on the latest rate: they must not wait. Read through `EngineState.freshRates`.
 */
export function freshRate(s: EngineState, currency: string) {
  const exact = s.exact;
  if (!exact.hasConversions) exact.buildConversions();
  const pair = exact.conversionInstrumentOf(currency);
  if (pair !== undefined) {
    const market = s.deps.market;
    if (market.status(pair) === MARKET_STATUS.OPEN) {
      const q = market.latest(pair);
      if (!q || !isQuoteFresh(q, s.deps.now(), market.maxQuoteAgeMs(pair))) return null;
    }
  }
  return exact.rates(currency);
}

export function instrumentOf(s: EngineState, o: LiveOrder): InstrumentRecord {
  const instrument = s.deps.market.instrumentById(o.instrumentId);
  if (!instrument) throw new Error(`instrument ${o.instrumentId} of order ${o.id} is unknown`);
  return instrument;
}

export function takesOrders(s: EngineState, instrument: InstrumentRecord) {
  const market = s.deps.market;
  return market.takesOrders ? market.takesOrders(instrument.id) : instrument.enabled;
}

/** Floating profit of a position at a quote, micro-dollars; null when it cannot be priced. */
export function profitMicrosAt(
  o: LiveOrder,
  instrument: InstrumentRecord,
  q: PricedQuote,
  rateSource: ExactRateSource,
) {
  const r = profitExact(
    {
      contractSize: o.contractSize,
      quoteCurrency: instrument.quoteCurrency,
      side: o.side,
      openPrice: openPriceOf(o)!,
      quantity: lotsOf(o),
    },
    closeSideOf(o.side, q),
    rateSource,
  );
  return r.ok ? safeNumber(r.value.micros) : null;
}

/** Floating profit at the latest quote, micro-dollars; null when it cannot be priced. */
export function floatingMicros(
  s: EngineState,
  o: LiveOrder,
  rateSource: ExactRateSource = rates(s),
): number | null {
  if (o.status !== ORDER_STATUS.HOLDING || o.openPriceText === null) return null;
  const instrument = s.deps.market.instrumentById(o.instrumentId);
  const q = instrument && s.exact.latest(instrument);
  if (!instrument || !q) return null;
  return profitMicrosAt(o, instrument, q, rateSource);
}

/** The account's open positions marked at the latest quotes, micro-dollars (unpriceable ones count 0). */
export function floatingMicrosOf(s: EngineState, userId: number, rateSource: ExactRateSource): number {
  let floating = 0;
  for (const o of liveOrdersOf(s, userId))
    if (o.status === ORDER_STATUS.HOLDING)
      floating = addMicros(floating, floatingMicros(s, o, rateSource) ?? 0);
  return floating;
}

/**
 * The instrument's latest quote if its market is open and ticked within its interval (else nothing
 * fills at it). Open first: for a few seconds after a session ends its last quote is still young,
 * and a stop-out then would close at a price no one can trade, while a minute later it would wait
 * for the next session: one rule whatever the moment the account fell.
 */
export function freshQuoteOf(s: EngineState, instrumentId: number): Quote | null {
  const market = s.deps.market;
  if (market.status(instrumentId) !== MARKET_STATUS.OPEN) return null;
  const q = market.latest(instrumentId);
  return q && isQuoteFresh(q, s.deps.now(), market.maxQuoteAgeMs(instrumentId)) ? q : null;
}
