import { compareScaled, type Scaled, scaled } from '../exact/scaled.ts';
import { type Money, type MoneyInput, money, scaledOf } from '../money.ts';
import type { Side } from './side.ts';

/** A two-sided price as the trading rules use it; `timeMs` is when the feed produced it. */
export interface TradeQuote {
  readonly bid: MoneyInput;
  readonly ask: MoneyInput;
  readonly timeMs: number;
}

/** A quote as exact scaled integers (the engine's form). */
export interface ExactQuote {
  readonly bid: Scaled;
  readonly ask: Scaled;
  readonly timeMs: number;
}

export const exactQuote = (q: TradeQuote): ExactQuote => ({
  bid: scaledOf(q.bid),
  ask: scaledOf(q.ask),
  timeMs: q.timeMs,
});

/** DESIGN §4: buy opens at the ask, sell at the bid. */
export const openPriceOf = (side: Side, quote: Pick<TradeQuote, 'bid' | 'ask'>): Money =>
  money(side === 'buy' ? quote.ask : quote.bid);

/** DESIGN §4: buy closes at the bid, sell at the ask; SL, TP, pending triggers and marks use it. */
export const closePriceOf = (side: Side, quote: Pick<TradeQuote, 'bid' | 'ask'>): Money =>
  money(side === 'buy' ? quote.bid : quote.ask);

export const openSideOf = (side: Side, quote: Pick<ExactQuote, 'bid' | 'ask'>): Scaled =>
  side === 'buy' ? quote.ask : quote.bid;
export const closeSideOf = (side: Side, quote: Pick<ExactQuote, 'bid' | 'ask'>): Scaled =>
  side === 'buy' ? quote.bid : quote.ask;

/**
 * DESIGN §4 'no fill on a stale price': a quote older than the instrument's expected interval
 * (the caller passes a tolerance, e.g. a few tick intervals) must not price an order.
 */
export const isQuoteFresh = (quote: Pick<TradeQuote, 'timeMs'>, nowMs: number, maxAgeMs: number): boolean =>
  nowMs - quote.timeMs <= maxAgeMs;

/**
 * The one place a feed price (a JS number already rounded to the instrument's precision, DESIGN §2
 * display data) becomes an exact price: through its fixed-point text at that precision, so 1.16512
 * is exactly 1.16512 and never 1.1651199999….
 */
export function exactPriceFromFeed(value: number, pricePrecision: number): Scaled {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`not a price: ${value}`);
  return scaled(value.toFixed(pricePrecision));
}

export function priceFromFeed(value: number, pricePrecision: number): Money {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`not a price: ${value}`);
  return money(value.toFixed(pricePrecision));
}

/** A feed quote (numbers) turned into an exact quote at the instrument's precision. */
export const exactQuoteFromFeed = (
  feed: { bid: number; ask: number; timeMs: number },
  pricePrecision: number,
): ExactQuote => ({
  bid: exactPriceFromFeed(feed.bid, pricePrecision),
  ask: exactPriceFromFeed(feed.ask, pricePrecision),
  timeMs: feed.timeMs,
});

/** A feed quote (numbers) turned into an exact `TradeQuote` at the instrument's precision. */
export const quoteFromFeed = (
  feed: { bid: number; ask: number; timeMs: number },
  pricePrecision: number,
): TradeQuote => ({
  bid: priceFromFeed(feed.bid, pricePrecision),
  ask: priceFromFeed(feed.ask, pricePrecision),
  timeMs: feed.timeMs,
});

/** −1, 0, 1 as `a` is below, at or above `b`. */
export const comparePrice = compareScaled;
