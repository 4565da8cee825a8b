import type { Candle, CandlePeriodName, Quotation } from '@meridian/contracts';

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
  status(id: number): 0 | 1;
  /** Stored closed candles plus the forming one, oldest first. */
  candles(id: number, period: CandlePeriodName, limit: number): Promise<Candle[]>;
  /** From memory only, for sparklines. */
  recentCandles(id: number, period: CandlePeriodName, limit: number): Candle[];
  isPublicTopic(topic: string): boolean;
}
