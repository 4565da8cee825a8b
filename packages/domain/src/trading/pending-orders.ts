import { compareScaled, type Scaled } from '../exact/scaled.ts';
import { type Money, type MoneyInput, scaledOf } from '../money.ts';
import { type ExactQuote, openPriceOf, openSideOf, type TradeQuote } from './quote.ts';
import type { Side } from './side.ts';

/** DESIGN §4: buy below the market is a limit, above it a stop; sell mirrors. */
export type PendingKind = 'buy_limit' | 'buy_stop' | 'sell_limit' | 'sell_stop';

const exactPair = (q: Pick<TradeQuote, 'bid' | 'ask'>) => ({ bid: scaledOf(q.bid), ask: scaledOf(q.ask) });

/**
 * The kind of a pending order at `target`, judged against the price it will fill at: the ask for a
 * buy, the bid for a sell. Null when the target equals that price: it is neither below nor above
 * the market (MetaTrader refuses such an order as an invalid price; a market order is the way).
 */
export function classifyPendingExact(
  side: Side,
  target: Scaled,
  quote: Pick<ExactQuote, 'bid' | 'ask'>,
): PendingKind | null {
  const cmp = compareScaled(target, openSideOf(side, quote));
  if (cmp === 0) return null;
  if (side === 'buy') return cmp < 0 ? 'buy_limit' : 'buy_stop';
  return cmp > 0 ? 'sell_limit' : 'sell_stop';
}

export const classifyPending = (
  side: Side,
  target: MoneyInput,
  quote: Pick<TradeQuote, 'bid' | 'ask'>,
): PendingKind | null => classifyPendingExact(side, scaledOf(target), exactPair(quote));

export const sideOfPending = (kind: PendingKind): Side => (kind.startsWith('buy') ? 'buy' : 'sell');

/**
 * Whether a tick fills the pending order (DESIGN §4: the ask for a buy, the bid for a sell reaches
 * the target). Inclusive, and a gap past the target counts: a buy limit fills at any ask ≤ target.
 */
export function pendingTriggeredExact(
  kind: PendingKind,
  target: Scaled,
  quote: Pick<ExactQuote, 'bid' | 'ask'>,
): boolean {
  switch (kind) {
    case 'buy_limit':
      return compareScaled(quote.ask, target) <= 0;
    case 'buy_stop':
      return compareScaled(quote.ask, target) >= 0;
    case 'sell_limit':
      return compareScaled(quote.bid, target) >= 0;
    case 'sell_stop':
      return compareScaled(quote.bid, target) <= 0;
  }
}

export const pendingTriggered = (
  kind: PendingKind,
  target: MoneyInput,
  quote: Pick<TradeQuote, 'bid' | 'ask'>,
): boolean => pendingTriggeredExact(kind, scaledOf(target), exactPair(quote));

/**
 * A triggered pending order fills at that tick's price, not at its target (DESIGN §4); after a gap
 * the engine recomputes margin and fee at this price and settles the difference.
 */
export const pendingFillPrice = (kind: PendingKind, quote: Pick<TradeQuote, 'bid' | 'ask'>): Money =>
  openPriceOf(sideOfPending(kind), quote);

export const pendingFillPriceExact = (kind: PendingKind, quote: Pick<ExactQuote, 'bid' | 'ask'>): Scaled =>
  openSideOf(sideOfPending(kind), quote);
