import { isMarketOpen, type SessionKind } from '@meridian/domain';
import { closedMsBetween, GAP_VARIANCE_SHARE, logStep, pointScale, variancePerMs } from './gbm.ts';
import { MARKET_STATUS, type MarketStatus } from './market-status.ts';
import { Random } from './prng.ts';
import { quoteAtMid } from './quote-at-mid.ts';
import { SteppedFeed } from './stepped-feed.ts';
import type { Clock, FeedInstrument, Quote, QuoteFeed } from './types.ts';

/**
 * The default market (DESIGN §5): per instrument a geometric Brownian motion (gbm.ts) driven by its
 * own seeded stream, so the same seed and the same sequence of `step(nowMs)` calls give the same
 * quotes, and adding an instrument does not disturb the others (streams are keyed by code, not id).
 *
 * Each instrument ticks at its `tickIntervalMs` with jitter (×0.5 to ×1.5, drawn from its stream);
 * `step` emits at most one quote per instrument, stamped with the step's time. Outside the session
 * nothing ticks; the first tick of a session opens with a gap (gbm.ts), while a pause inside a
 * session (a stalled timer, a restart) moves the price like at most five ordinary ticks. Quotes: mid
 * rounded to the precision, bid = mid − ⌊spread/2⌋ points, ask = bid + spread, so ask − bid is
 * exactly the configured spread.
 */

export interface SimulatedFeedOptions {
  instruments: readonly FeedInstrument[];
  clock: Clock;
  /** Market seed: the same seed replays the same market. */
  seed: number;
  /** Timer period of `start()`, default 100 ms. */
  stepMs?: number;
  /** Called when a quote listener throws; the feed carries on. Default: console.error. */
  onListenerError?: (error: unknown) => void;
}

/** Used by the back-fill to make the live feed continue from the last historical close. */
export interface PriceAnchor {
  readonly seed: number;
  setStartPrice(instrumentId: number, mid: number, timeMs: number): void;
}

const STALE_INTERVALS = 3;
const MAX_STEP_INTERVALS = 5; // a first tick after a pause moves like at most 5 ordinary ticks

class InstrumentState {
  readonly id: number;
  readonly code: string;
  /** Staff can change these live (back office): precision, session and spread. */
  scale: number;
  session: SessionKind;
  zone: string | undefined;
  readonly tickIntervalMs: number;
  readonly variance: number;
  random: Random;
  spreadPoints: number;
  price: number; // unrounded mid: rounding only at the output keeps the walk unbiased
  nextTickMs = Number.NEGATIVE_INFINITY;
  lastTickMs = Number.NaN;
  seq = 0;
  latest: Quote | undefined;

  constructor({ id, seed }: FeedInstrument, marketSeed: number) {
    this.id = id;
    this.code = seed.code;
    this.scale = pointScale(seed.pricePrecision);
    this.session = seed.session;
    this.zone = seed.sessionZone;
    this.tickIntervalMs = seed.tickIntervalMs;
    this.variance = variancePerMs(seed);
    this.random = new Random(`${marketSeed}:live:${seed.code}`);
    this.spreadPoints = checkSpread(seed.spreadPoints);
    this.price = seed.referencePrice;
  }
}

function checkSpread(points: number): number {
  if (!Number.isInteger(points) || points < 1) {
    throw new RangeError(`spread must be a whole number of points ≥ 1, got ${points}`);
  }
  return points;
}

export class SimulatedFeed extends SteppedFeed implements QuoteFeed, PriceAnchor {
  readonly seed: number;
  private readonly states: InstrumentState[];
  private readonly byId = new Map<number, InstrumentState>();

  constructor(options: SimulatedFeedOptions) {
    super(options.clock, options.stepMs ?? 100, options.onListenerError);
    this.seed = options.seed;
    this.states = options.instruments.map((instrument) => new InstrumentState(instrument, options.seed));
    for (const state of this.states) this.byId.set(state.id, state);
  }

  step(nowMs: number): void {
    const states = this.states;
    for (let i = 0; i < states.length; i++) {
      const s = states[i]!;
      if (nowMs < s.nextTickMs) continue;
      if (!isMarketOpen(s.session, nowMs, s.zone)) {
        s.nextTickMs = nowMs + s.tickIntervalMs; // look again later; no tick while closed
        continue;
      }
      this.tick(s, nowMs);
    }
  }

  private tick(s: InstrumentState, nowMs: number): void {
    const maxDtMs = s.tickIntervalMs * MAX_STEP_INTERVALS;
    const elapsedMs = Number.isNaN(s.lastTickMs) ? s.tickIntervalMs : nowMs - s.lastTickMs;
    const dtMs = elapsedMs < maxDtMs ? (elapsedMs > 0 ? elapsedMs : 0) : maxDtMs;
    let move = logStep(s.variance, dtMs, s.random.normal());
    if (elapsedMs > maxDtMs) {
      const closedMs = closedMsBetween(s.session, s.zone, s.lastTickMs, nowMs);
      if (closedMs > 0) move += logStep(s.variance, closedMs * GAP_VARIANCE_SHARE, s.random.normal());
    }
    s.price *= Math.exp(move);
    s.lastTickMs = nowMs;
    // Schedule from the due time, not from the step that noticed it, so the 100 ms step does not slow
    // the tick rate; after a pause (closed market, stalled timer) start afresh from now.
    const base = nowMs - s.nextTickMs < s.tickIntervalMs ? s.nextTickMs : nowMs;
    s.nextTickMs = base + s.tickIntervalMs * (0.5 + s.random.next());

    const quote = quoteAtMid(s, s.price, nowMs, ++s.seq);
    s.latest = quote;
    this.listeners.emit(quote);
  }

  latest(instrumentId: number): Quote | undefined {
    return this.byId.get(instrumentId)?.latest;
  }

  isStale(instrumentId: number, nowMs: number): boolean {
    const s = this.byId.get(instrumentId);
    if (!s || !isMarketOpen(s.session, nowMs, s.zone)) return false;
    const sinceMs = nowMs - s.lastTickMs; // NaN before any price: stale
    return !(sinceMs <= s.tickIntervalMs * STALE_INTERVALS);
  }

  status(instrumentId: number, nowMs: number): MarketStatus {
    const s = this.byId.get(instrumentId);
    return s && isMarketOpen(s.session, nowMs, s.zone) ? MARKET_STATUS.OPEN : MARKET_STATUS.CLOSED;
  }

  /** A new instrument (created in the back office) starts ticking from its reference price. */
  addInstrument(instrument: FeedInstrument): void {
    if (this.byId.has(instrument.id)) throw new RangeError(`instrument ${instrument.id} already in the feed`);
    const state = new InstrumentState(instrument, this.seed);
    this.states.push(state);
    this.byId.set(state.id, state);
  }

  /** Precision and trading session changes from the back office, applied from the next tick. */
  reshape(
    instrumentId: number,
    change: { pricePrecision: number; session: SessionKind; sessionZone?: string | null },
    nowMs?: number,
  ) {
    const s = this.byId.get(instrumentId);
    if (!s) throw new RangeError(`unknown instrument ${instrumentId}`);
    const scale = pointScale(change.pricePrecision);
    const rescaled = scale !== s.scale;
    s.scale = scale;
    s.session = change.session;
    s.zone = change.sessionZone ?? undefined;
    // The latest quote is at the old precision: an order or close between now and the next tick
    // would fill at it read at the new one (a price never quoted). Quote afresh at once instead.
    if (rescaled && nowMs !== undefined && s.latest && isMarketOpen(s.session, nowMs, s.zone))
      this.tick(s, nowMs);
  }

  setSpread(instrumentId: number, points: number): void {
    const s = this.byId.get(instrumentId);
    if (!s) throw new RangeError(`unknown instrument ${instrumentId}`);
    s.spreadPoints = checkSpread(points);
  }

  /**
   * Continue from `mid` (the last historical close at `timeMs`). Also publishes it as the latest quote
   * (seq 0, not emitted) so a closed market still shows its last price.
   */
  setStartPrice(instrumentId: number, mid: number, timeMs: number): void {
    const s = this.byId.get(instrumentId);
    if (!s) throw new RangeError(`unknown instrument ${instrumentId}`);
    s.price = mid;
    s.lastTickMs = timeMs;
    // The stream goes on from where the price stands: keyed by the moment it resumes, so every start
    // of the same seed does not replay the same first moves (still the same for the same history).
    s.random = new Random(`${this.seed}:live:${s.code}:${timeMs}`);
    s.latest = quoteAtMid(s, mid, timeMs, s.seq);
  }
}
