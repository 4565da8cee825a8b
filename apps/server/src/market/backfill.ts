import {
  bucketStart,
  CANDLE_PERIODS,
  type CandlePeriod,
  isMarketOpen,
  londonDayStart,
  nextBucketStart,
} from '@meridian/domain';
import { grownTo } from '../lib/typed-arrays.ts';
import type { CandleAggregator } from './candle-aggregator.ts';
import { GAP_VARIANCE_SHARE, logStep, pointScale, roundToScale, variancePerMs } from './gbm.ts';
import { Random } from './prng.ts';
import type { PriceAnchor } from './simulated-feed.ts';
import type { Candle, CandleStore, Clock, FeedInstrument, InstrumentSeed } from './types.ts';

/**
 * History so every chart is full (DESIGN §5). The server calls this once at boot, before `feed.start()`:
 *
 *   backfillHistory({ store, instruments, feed, aggregator?, clock, windowDays? }): Promise<BackfillReport>
 *
 * Per instrument:
 * - Empty store (first start): the live feed's price process (gbm.ts) runs BACKWARDS from the
 *   reference price over the past `windowDays` (default 366, from a London midnight), in session only,
 *   so the history ends exactly at the price the live feed starts from.
 * - Stored history (restart): nothing is invented for the downtime. The live feed continues from the
 *   last live quote saved (each second and at shutdown; else the last stored 1-minute close), and
 *   the charts show no candles while the server was down, as they show none for a closed market. Prices generated across the gap would cross stop losses, take
 *   profits and pending levels that no engine was running to act on: the chart would show a level
 *   reached and the order never filled (docs/DECISIONS.md, "The simulated market across a restart").
 *   The minute forming at shutdown is saved as it stood (its ticks are the only record of those
 *   seconds); candles of longer periods still forming are rebuilt from the stored lower periods.
 * - Resolution: 1-minute steps over the recent part that the kept 1min…30min candles need (the last
 *   ~500 trading half-hours), hour steps before it (they only feed 60min and 1day). Same process and
 *   variance per unit of trading time; a year of ~40 instruments is ~1 M steps instead of ~13 M.
 * - Every period is aggregated from the one below (1min → 5min → … → 60min → 1day, London buckets), so
 *   each stored candle is exactly the aggregation of the stored candles below it. The newest
 *   KEEP_CANDLES[period] closed candles are saved; the forming ones prime the aggregator.
 * - A generated candle: open = previous close; close after one GBM step over its trading minutes;
 *   high/low the extremes of a Brownian bridge between them; volume a simulated tick count
 *   (~trading seconds / tickIntervalMs), the unit of live candles.
 *
 * Deterministic for a given feed seed and clock. All seeded instruments take well under a second here.
 */

export interface BackfillOptions {
  store: CandleStore;
  instruments: readonly FeedInstrument[];
  /**
   * The simulation the history continues into; null when prices come from outside (the external
   * feed): then nothing is invented, the charts show what was recorded, and no start price is set.
   */
  feed: PriceAnchor | null;
  clock: Clock;
  /** Primed with recent closed candles and the forming ones; optional for tests. */
  aggregator?: CandleAggregator;
  windowDays?: number;
}

export interface BackfillReport {
  instruments: number;
  generatedCandles: number;
  savedCandles: number;
  elapsedMs: number;
}

/** Closed candles kept (saved and remembered) per period: ~500, and about a year of days. */
const KEEP_CANDLES_30MIN = 500;
export const KEEP_CANDLES: Readonly<Record<CandlePeriod, number>> = {
  '1min': 500,
  '5min': 500,
  '15min': 500,
  '30min': KEEP_CANDLES_30MIN,
  '60min': 500,
  '1day': 365,
};

const MINUTE_MS = 60_000;
const BLOCK_MS = 30 * MINUTE_MS; // session edges fall on :00 or :30; also the 30min bucket
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const FINE_BLOCKS = KEEP_CANDLES_30MIN + 1; // the forming block plus the kept closed ones
const SAVE_CHUNK = 2_000;

/** A run of candles as parallel typed arrays: a year of minutes without a million objects. */
class Series {
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  length = 0;

  constructor(capacity: number) {
    this.time = new Float64Array(capacity);
    this.open = new Float64Array(capacity);
    this.high = new Float64Array(capacity);
    this.low = new Float64Array(capacity);
    this.close = new Float64Array(capacity);
    this.volume = new Float64Array(capacity);
  }

  /** Make room for `capacity` candles in all, keeping the current ones (grows at least twofold). */
  ensure(capacity: number): void {
    if (capacity <= this.time.length) return;
    const size = Math.max(capacity, this.time.length * 2);
    const grow = (a: Float64Array) => grownTo(a, size, this.length);
    this.time = grow(this.time);
    this.open = grow(this.open);
    this.high = grow(this.high);
    this.low = grow(this.low);
    this.close = grow(this.close);
    this.volume = grow(this.volume);
  }

  push(time: number, open: number, high: number, low: number, close: number, volume: number): void {
    if (this.length === this.time.length) this.ensure(this.length + 1);
    const i = this.length++;
    this.time[i] = time;
    this.open[i] = open;
    this.high[i] = high;
    this.low[i] = low;
    this.close[i] = close;
    this.volume[i] = volume;
  }

  pushFrom(src: Series, i: number): void {
    this.push(src.time[i]!, src.open[i]!, src.high[i]!, src.low[i]!, src.close[i]!, src.volume[i]!);
  }

  pushCandle(c: Candle): void {
    this.push(c.time, c.open, c.high, c.low, c.close, c.volume);
  }

  candle(i: number): Candle {
    return {
      time: this.time[i]!,
      open: this.open[i]!,
      high: this.high[i]!,
      low: this.low[i]!,
      close: this.close[i]!,
      volume: this.volume[i]!,
    };
  }

  /** Reverse the order of the candles from index `start` on. */
  reverseFrom(start: number): void {
    for (const a of [this.time, this.open, this.high, this.low, this.close, this.volume]) {
      a.subarray(start, this.length).reverse();
    }
  }
}

/** Whether a 30-minute block trades: not at all, throughout, or in part (then minute by minute). */
const BLOCK_STATE = { CLOSED: 0, OPEN: 1, MIXED: 2 } as const;
type BlockState = (typeof BLOCK_STATE)[keyof typeof BLOCK_STATE];

/** Counts trading minutes, evaluating the session once per 30-minute block unless the block is mixed. */
class SessionClock {
  private block = Number.NaN;
  private state: BlockState = BLOCK_STATE.CLOSED;

  constructor(private readonly seed: InstrumentSeed) {}

  private blockState(blockMs: number): BlockState {
    if (blockMs !== this.block) {
      const { session, sessionZone } = this.seed;
      this.block = blockMs;
      const first = isMarketOpen(session, blockMs, sessionZone);
      const last = isMarketOpen(session, blockMs + BLOCK_MS - MINUTE_MS, sessionZone);
      this.state = first !== last ? BLOCK_STATE.MIXED : first ? BLOCK_STATE.OPEN : BLOCK_STATE.CLOSED;
    }
    return this.state;
  }

  isOpen(minuteMs: number): boolean {
    const state = this.blockState(Math.floor(minuteMs / BLOCK_MS) * BLOCK_MS);
    return state === BLOCK_STATE.MIXED
      ? isMarketOpen(this.seed.session, minuteMs, this.seed.sessionZone)
      : state === BLOCK_STATE.OPEN;
  }

  /** Trading minutes in [fromMs, toMs) (minute-aligned). */
  openMinutes(fromMs: number, toMs: number): number {
    let count = 0;
    let t = fromMs;
    while (t < toMs) {
      if (t % BLOCK_MS === 0 && t + BLOCK_MS <= toMs && this.blockState(t) !== BLOCK_STATE.MIXED) {
        if (this.state === BLOCK_STATE.OPEN) count += BLOCK_MS / MINUTE_MS;
        t += BLOCK_MS;
      } else {
        if (this.isOpen(t)) count++;
        t += MINUTE_MS;
      }
    }
    return count;
  }

  /** Whether any minute of the 30-minute block starting at `blockMs` trades. */
  blockTrades(blockMs: number): boolean {
    return this.blockState(blockMs) !== BLOCK_STATE.CLOSED;
  }
}

/**
 * Where the 1-minute part of the history starts: the hour that leaves FINE_BLOCKS trading 30-minute
 * blocks before `endMs`, so every kept 1min…30min candle comes from 1-minute data. Older history is
 * generated an hour at a time (it only feeds 60min and 1day candles), which keeps a year of ~40
 * instruments at about 1 M steps instead of 13 M.
 */
function fineRegionStart(seed: InstrumentSeed, fromMs: number, endMs: number): number {
  const sessions = new SessionClock(seed);
  let blocks = 0;
  let t = Math.floor((endMs - 1) / BLOCK_MS) * BLOCK_MS;
  while (t > fromMs) {
    if (sessions.blockTrades(t) && ++blocks >= FINE_BLOCKS) break;
    t -= BLOCK_MS;
  }
  return Math.max(fromMs, Math.floor(t / HOUR_MS) * HOUR_MS);
}

/**
 * Simulated candles over [fromMs, toMs), one per `stepMs` bucket (clipped to the range), trading time
 * only, generated backwards so they end at `price`, appended to `out` oldest first. Returns the price
 * at the start. Each candle: open = previous close (or, after a closed session, the previous close
 * moved by the opening gap the live feed makes too: gbm.ts), close after a GBM step over its trading
 * minutes, high/low the extremes of a Brownian bridge between them, volume a tick count.
 */
function generateBackward(
  out: Series,
  seed: InstrumentSeed,
  random: Random,
  fromMs: number,
  toMs: number,
  stepMs: number,
  price: number,
): number {
  const sessions = new SessionClock(seed);
  const variance = variancePerMs(seed);
  const scale = pointScale(seed.pricePrecision);
  const ticksPerMinute = MINUTE_MS / seed.tickIntervalMs;
  const startLength = out.length;

  let p = price;
  let edge = toMs;
  let closedMs = 0; // closed time since the candle generated last (the next one in time)
  let generated = false;
  while (edge > fromMs) {
    const bucket = Math.floor((edge - 1) / stepMs) * stepMs;
    const start = Math.max(fromMs, bucket);
    const end = Math.min(toMs, bucket + stepMs);
    edge = start;
    const minutes =
      stepMs === MINUTE_MS ? (sessions.isOpen(start) ? 1 : 0) : sessions.openMinutes(start, end);
    if (minutes === 0) {
      if (generated) closedMs += end - start;
      continue;
    }
    if (closedMs > 0) {
      // The later candle opened with a gap from this one's close.
      p *= Math.exp(-logStep(variance, closedMs * GAP_VARIANCE_SHARE, random.normal()));
      closedMs = 0;
    }
    generated = true;
    const v = variance * minutes * MINUTE_MS;
    const x = logStep(variance, minutes * MINUTE_MS, random.normal());
    // Extremes of a Brownian bridge from 0 to x with variance v: (x ± √(x² − 2v·ln U)) / 2.
    const up = 0.5 * (x + Math.sqrt(x * x - 2 * v * Math.log(random.nextPositive())));
    const down = 0.5 * (x - Math.sqrt(x * x - 2 * v * Math.log(random.nextPositive())));
    const volume = Math.max(1, Math.round(ticksPerMinute * minutes * (0.5 + random.next())));
    const open = p * Math.exp(-x);
    out.push(
      bucket / 1000,
      roundToScale(open, scale),
      roundToScale(open * Math.exp(up), scale),
      roundToScale(open * Math.exp(down), scale),
      roundToScale(p, scale),
      volume,
    );
    p = open;
  }
  out.reverseFrom(startLength); // written newest first
  return p;
}

/** Aggregate ascending `src` (from index `from`) into `period` buckets (London time), appended to `out`. */
function aggregate(src: Series, from: number, period: CandlePeriod, out: Series): void {
  let endSec = Number.NEGATIVE_INFINITY;
  let j = -1;
  for (let i = from; i < src.length; i++) {
    const t = src.time[i]!;
    if (t >= endSec || j < 0) {
      const start = bucketStart(t * 1000, period);
      endSec = nextBucketStart(start, period);
      out.push(start, src.open[i]!, src.high[i]!, src.low[i]!, src.close[i]!, src.volume[i]!);
      j = out.length - 1;
      continue;
    }
    if (src.high[i]! > out.high[j]!) out.high[j] = src.high[i]!;
    if (src.low[i]! < out.low[j]!) out.low[j] = src.low[i]!;
    out.close[j] = src.close[i]!;
    out.volume[j]! += src.volume[i]!;
  }
}

interface InstrumentResult {
  generatedCandles: number;
  savedCandles: number;
}

/** Typed-array buffers reused from one instrument to the next. */
interface Scratch {
  periods: Series[]; // per CANDLE_PERIODS entry; [0] holds the new 1-minute candles
  coarse: Series; // hour steps older than the 1-minute part
  source: Series;
}

async function backfillInstrument(
  { id, seed }: FeedInstrument,
  options: BackfillOptions,
  nowMs: number,
  scratch: Scratch,
): Promise<InstrumentResult> {
  const { store, feed, aggregator } = options;
  const windowMs = (options.windowDays ?? 366) * DAY_MS;
  const nowSec = nowMs / 1000;
  const nowMinuteMs = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  const ringSize = Math.max(...Object.values(KEEP_CANDLES));
  const stored = await Promise.all(CANDLE_PERIODS.map((period) => store.loadRecent(id, period, ringSize)));
  for (const series of scratch.periods) series.length = 0;

  // 1. New candles: the whole window on a first start, none on a restart (see the header);
  //    1-minute steps over the recent part, hour steps before it (see fineRegionStart).
  const lastMinute = stored[0]!.at(-1);
  const minutes = scratch.periods[0]!;
  const hours = scratch.coarse;
  hours.length = 0;
  if (!lastMinute && feed) {
    // A first start begins at a London midnight, so the oldest day (and every bucket in it) is
    // complete. Backward from the reference price, which is where the live feed starts.
    const fromMs = londonDayStart(nowMinuteMs - windowMs);
    const fineFromMs = fineRegionStart(seed, fromMs, nowMinuteMs);
    const random = new Random(`${feed.seed}:history:${seed.code}`);
    const end = roundToScale(seed.referencePrice, pointScale(seed.pricePrecision));
    const price = generateBackward(minutes, seed, random, fineFromMs, nowMinuteMs, MINUTE_MS, end);
    generateBackward(hours, seed, random, fromMs, fineFromMs, HOUR_MS, price);
  }

  // 2. Each period from the one below: stored lower candles of buckets not stored yet, then new ones.
  const rows: Array<{ instrumentId: number; period: CandlePeriod; candle: Candle }> = [];
  let lowerFrom = 0; // lower candles before this index belong to buckets already stored
  for (let p = 0; p < CANDLE_PERIODS.length; p++) {
    const period = CANDLE_PERIODS[p]!;
    const lastStored = stored[p]!.at(-1);
    const firstNewSec = lastStored ? nextBucketStart(lastStored.time, period) : Number.NEGATIVE_INFINITY;
    const series = scratch.periods[p]!;
    if (p > 0) {
      const lower = scratch.periods[p - 1]!;
      const storedLower = stored[p - 1]!.filter((c) => c.time >= firstNewSec);
      // Hour steps (older than every 30min candle) join at the 60min level.
      const coarse = period === '60min' ? hours : undefined;
      if (storedLower.length > 0 || (coarse && coarse.length > 0)) {
        const source = scratch.source;
        source.length = 0;
        for (const c of storedLower) source.pushCandle(c);
        // Merge the fine 30min candles and the hour steps by time (the hour steps come first).
        let j = 0;
        for (let i = lowerFrom; i < lower.length; i++) {
          while (coarse && j < coarse.length && coarse.time[j]! < lower.time[i]!)
            source.pushFrom(coarse, j++);
          source.pushFrom(lower, i);
        }
        while (coarse && j < coarse.length) source.pushFrom(coarse, j++);
        aggregate(source, 0, period, series);
      } else {
        aggregate(lower, lowerFrom, period, series);
      }
    }
    let first = 0;
    while (first < series.length && series.time[first]! < firstNewSec) first++;
    let end = series.length; // closed candles are [first, end)
    const lastIndex = series.length - 1;
    const forming = lastIndex >= first && nextBucketStart(series.time[lastIndex]!, period) > nowSec;
    if (forming) end = lastIndex;
    const keepFrom = Math.max(first, end - KEEP_CANDLES[period]);
    const fresh: Candle[] = [];
    for (let i = keepFrom; i < end; i++) fresh.push(series.candle(i));
    for (const candle of fresh) rows.push({ instrumentId: id, period, candle });
    // The minute forming at shutdown is saved as it stood (LiveMarket.stop): restarted within that
    // minute, it is the forming candle again, continued by the new ticks rather than replaced.
    const closed = [...stored[p]!, ...fresh];
    let current = forming ? series.candle(lastIndex) : undefined;
    const last = closed.at(-1);
    // Its bucket holds now (a clock started earlier than the stored data is not inside it).
    if (p === 0 && !current && last && last.time <= nowSec && nowSec < nextBucketStart(last.time, period))
      current = closed.pop();
    aggregator?.prime(id, period, closed.slice(-ringSize), current);
    lowerFrom = first;
  }

  // 3. The live feed continues from the newest close, or on a restart from the last live quote when
  //    it is newer (saved each second: after a crash the forming minute was not stored).
  if (!feed) {
    // Prices come from outside: the chart's history is primed above, the price is the bridge's.
  } else if (minutes.length > 0) {
    const i = minutes.length - 1;
    feed.setStartPrice(id, minutes.close[i]!, (minutes.time[i]! + 60) * 1000);
  } else if (lastMinute) {
    // Never later than now: a server restarted with an earlier clock (CLOCK_START) would otherwise
    // hold the price still until its clock passed the stored time.
    const last = await store.loadLastQuote?.(id);
    if (last && last.timeMs > lastMinute.time * 1000 && last.mid > 0)
      feed.setStartPrice(id, last.mid, Math.min(last.timeMs, nowMs));
    else feed.setStartPrice(id, lastMinute.close, Math.min((lastMinute.time + 60) * 1000, nowMs));
  }

  for (let i = 0; i < rows.length; i += SAVE_CHUNK) await store.saveClosed(rows.slice(i, i + SAVE_CHUNK));
  return { generatedCandles: minutes.length + hours.length, savedCandles: rows.length };
}

export async function backfillHistory(options: BackfillOptions): Promise<BackfillReport> {
  const startedMs = performance.now();
  const nowMs = options.clock.now();
  const report: BackfillReport = { instruments: 0, generatedCandles: 0, savedCandles: 0, elapsedMs: 0 };
  const scratch: Scratch = {
    periods: CANDLE_PERIODS.map(() => new Series(1024)),
    coarse: new Series(1024),
    source: new Series(1024),
  };
  for (const instrument of options.instruments) {
    const result = await backfillInstrument(instrument, options, nowMs, scratch);
    report.instruments++;
    report.generatedCandles += result.generatedCandles;
    report.savedCandles += result.savedCandles;
  }
  report.elapsedMs = Math.round(performance.now() - startedMs);
  return report;
}
