import type { Candle, CandlePeriodName, Quotation } from '@meridian/contracts';
import type { MarketStatus } from './market-status.ts';

/** An instrument as the market module holds it in memory (loaded from the database). */
export interface InstrumentRecord {
  id: number;
  code: string;
  showCode: string;
  categoryId: number;
  logo: string;
  baseCurrency: string;
  quoteCurrency: string;
  pricePrecision: number;
  lotStep: string;
  minLots: string;
  contractSize: string;
  feeRate: string;
  marginMode: number;
  leverageOptions: number[];
  sort: number;
  tickIntervalMs: number;
  maxLotsPerOrder: string;
  maxOpenLots: string;
  /** Staff can disable an instrument live: hidden from traders, no new orders; positions still close. */
  enabled: boolean;
}

export interface CategoryRecord {
  id: number;
  key: string;
  sort: number;
}

/** What the HTTP routes and the socket gateway need from the running market. */
export interface MarketRuntime {
  instruments(): readonly InstrumentRecord[];
  categories(): readonly CategoryRecord[];
  instrumentById(id: number): InstrumentRecord | undefined;
  /** Latest quotation with the London-day figures; null before the first quote. */
  quotation(id: number): Quotation | null;
  status(id: number): MarketStatus;
  /** Stored closed candles plus the forming one, oldest first. */
  candles(id: number, period: CandlePeriodName, limit: number): Promise<Candle[]>;
  /** From memory only, for sparklines. */
  recentCandles(id: number, period: CandlePeriodName, limit: number): Candle[];
  isPublicTopic(topic: string): boolean;
}

/**
 * Whether an instrument takes orders: new ones, and fills of pending ones (a fill opens a position).
 * Only what the trade list shows does: a listed instrument of a listed category. A hidden one is
 * still quoted, so its positions stay priced, closable and under SL/TP and stop-out, and its
 * pending orders wait (the trader may cancel them) until it is listed again.
 */
export function takesOrders(
  market: Pick<MarketRuntime, 'instrumentById' | 'categories'>,
  id: number,
): boolean {
  const r = market.instrumentById(id);
  return !!r?.enabled && market.categories().some((c) => c.id === r.categoryId);
}
