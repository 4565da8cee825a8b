import { type Money, type MoneyInput, money } from '../money.ts';
import { openPriceOf, type TradeQuote } from './quote.ts';
import type { Side } from './side.ts';

/** DESIGN §4: buy below the market is a limit, above it a stop; sell mirrors. */
export type PendingKind = 'buy_limit' | 'buy_stop' | 'sell_limit' | 'sell_stop';

/**
 * The kind of a pending order at `target`, judged against the price it will fill at: the ask for a
 * buy, the bid for a sell. Null when the target equals that price: it is neither below nor above
 * the market (MetaTrader refuses such an order as an invalid price; a market order is the way).
 */
export function classifyPending(
  side: Side,
  target: MoneyInput,
  quote: Pick<TradeQuote, 'bid' | 'ask'>,
): PendingKind | null {
  const t = money(target);
  const market = openPriceOf(side, quote);
  const cmp = t.comparedTo(market);
  if (cmp === 0) return null;
  if (side === 'buy') return cmp < 0 ? 'buy_limit' : 'buy_stop';
  return cmp > 0 ? 'sell_limit' : 'sell_stop';
}

export const sideOfPending = (kind: PendingKind): Side => (kind.startsWith('buy') ? 'buy' : 'sell');

/**
 * Whether a tick fills the pending order (DESIGN §4: the ask for a buy, the bid for a sell reaches
 * the target). Inclusive, and a gap past the target counts: a buy limit fills at any ask ≤ target.
 */
export function pendingTriggered(
  kind: PendingKind,
  target: MoneyInput,
  quote: Pick<TradeQuote, 'bid' | 'ask'>,
): boolean {
  const t = money(target);
  switch (kind) {
    case 'buy_limit':
      return money(quote.ask).lte(t);
    case 'buy_stop':
      return money(quote.ask).gte(t);
    case 'sell_limit':
      return money(quote.bid).gte(t);
    case 'sell_stop':
      return money(quote.bid).lte(t);
  }
}

/**
 * A triggered pending order fills at that tick's price, not at its target (DESIGN §4); after a gap
 * the engine recomputes margin and fee at this price and settles the difference.
 */
export const pendingFillPrice = (kind: PendingKind, quote: Pick<TradeQuote, 'bid' | 'ask'>): Money =>
  openPriceOf(sideOfPending(kind), quote);
