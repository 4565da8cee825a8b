// The boundary between the market data module and the rest of the server.
// Prices inside the feed are plain numbers rounded to the instrument's precision (display data,
// DESIGN §2); anything that charges money converts them to Decimal at the edge of the engine.

export type CandlePeriod = '1min' | '5min' | '15min' | '30min' | '60min' | '1day';
export const CANDLE_PERIODS: readonly CandlePeriod[] = ['1min', '5min', '15min', '30min', '60min', '1day'];

/** Trading session kinds (DESIGN §5). Hours are evaluated in UTC or the exchange's zone. */
export type SessionKind =
  | 'forex' // Sunday 22:00 to Friday 22:00 UTC
  | 'crypto' // always open
  | 'metals' // like forex, with a daily break 21:00-22:00 UTC
  | 'energy' // like metals
  | 'us_equity' // 09:30-16:00 America/New_York, Mon-Fri
  | 'eu_equity' // 08:00-16:30 Europe/London (or Europe/Berlin for DAX), Mon-Fri
  | 'asia_equity'; // 09:00-15:00 Asia/Tokyo (or Hong Kong), Mon-Fri

export type CategoryKey = 'forex' | 'metals' | 'energy' | 'indices' | 'crypto' | 'stocks';

/** Static description of a seeded instrument; stored in the `instruments` table at first start. */
export interface InstrumentSeed {
  code: string; // 'EURUSD'
  showCode: string; // 'EUR/USD'
  category: CategoryKey;
  baseCurrency: string; // 'EUR'
  quoteCurrency: string; // 'USD'
  pricePrecision: number; // decimals shown and quoted
  lotStep: string; // Pip (lot step), decimal string e.g. '0.01'
  minLots: string; // ForexMinCont, decimal string
  contractSize: string; // ForexContNum, units per lot, decimal string
  feeRate: string; // ForexFeeRate, decimal string
  marginMode: 1 | 2; // 1 fixed, 2 leverage-based
  leverageOptions: number[]; // HasForexMultiple values
  spreadPoints: number; // spread in price points (1 point = 10^-pricePrecision)
  session: SessionKind;
  sessionZone?: string; // IANA zone for equity sessions when not the default of the kind
  referencePrice: number; // starting mid price for the simulation
  annualVolatility: number; // e.g. 0.08 for EURUSD, 0.6 for BTCUSD
  tickIntervalMs: number; // expected interval between ticks while open
}

export interface Quote {
  instrumentId: number;
  code: string;
  bid: number;
  ask: number;
  mid: number;
  timeMs: number;
  seq: number; // strictly increasing per instrument
}

export interface Candle {
  time: number; // bucket start, unix seconds
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Persistence used by the market module; implemented over the database by the server. */
export interface CandleStore {
  /** Most recent stored candles, oldest first. */
  loadRecent(instrumentId: number, period: CandlePeriod, limit: number): Promise<Candle[]>;
  /** Insert or replace closed candles. */
  saveClosed(rows: Array<{ instrumentId: number; period: CandlePeriod; candle: Candle }>): Promise<void>;
}

/** Injected clock so tests never depend on the day of the week. */
export interface Clock {
  now(): number; // ms since epoch
}
export const systemClock: Clock = { now: () => Date.now() };
