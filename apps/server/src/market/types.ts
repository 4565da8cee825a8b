import type { MarketStatus } from './market-status.ts';

// The boundary between the market data module and the rest of the server.
// Prices inside the feed are plain numbers rounded to the instrument's precision (display data,
// DESIGN §2); anything that charges money converts them to Decimal at the edge of the engine.

import type { CandlePeriod, SessionKind } from '@meridian/domain';

// Periods and sessions are pure rules shared with the client; they live in the domain package.
export type { CandlePeriod, SessionKind } from '@meridian/domain';
export { CANDLE_PERIODS, periodSeconds } from '@meridian/domain';

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
  /** Insert or replace each instrument's last live quote (where a restart resumes). */
  saveLastQuotes?(rows: readonly LastQuote[]): Promise<void>;
  /** The instrument's last live quote, if one was saved. */
  loadLastQuote?(instrumentId: number): Promise<LastQuote | null>;
}

/** An instrument's last live mid and when it was quoted. */
export interface LastQuote {
  instrumentId: number;
  mid: number;
  timeMs: number;
}

/** Injected clock so tests never depend on the day of the week. */
export interface Clock {
  now(): number; // ms since epoch
}
export const systemClock: Clock = { now: () => Date.now() };

/** An instrument as the feeds see it: its database id and its seeded (or staff-edited) terms. */
export interface FeedInstrument {
  id: number;
  seed: InstrumentSeed;
}

export type QuoteListener = (quote: Quote) => void;

/**
 * A source of quotes (DESIGN §5: simulated by default, CSV replay, later an external provider).
 * `step` does the work and is driven by `start()`'s timer in the server or called directly by tests.
 */
export interface QuoteFeed {
  /** Listeners run synchronously on every quote; keep them cheap. Returns an unsubscribe function. */
  onQuote(listener: QuoteListener): () => void;
  /** Emit every quote that is due at `nowMs`. */
  step(nowMs: number): void;
  start(): void;
  stop(): void;
  latest(instrumentId: number): Quote | undefined;
  /** True while the market is open but the instrument has not ticked within 3 expected intervals. */
  isStale(instrumentId: number, nowMs: number): boolean;
  /** MarketStatus: 1 open, 0 closed. */
  status(instrumentId: number, nowMs: number): MarketStatus;
  /** Spread in price points; applies from the next quote (DESIGN §4). */
  setSpread(instrumentId: number, points: number): void;
}
