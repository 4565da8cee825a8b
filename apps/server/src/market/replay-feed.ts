import { pointScale } from './gbm.ts';
import { MARKET_STATUS, type MarketStatus } from './market-status.ts';
import { SteppedFeed } from './stepped-feed.ts';
import type { Clock, FeedInstrument, Quote, QuoteFeed } from './types.ts';

/**
 * Replays a CSV tick file (DESIGN §5 adapter) behind the same QuoteFeed interface as the simulation.
 * Format, one tick per line, oldest first (a header line and `#` comments are allowed):
 *
 *   time_iso,code,bid,ask
 *   2026-03-02T09:00:00.120Z,EURUSD,1.16494,1.16506
 *
 * Timing: with `align: 'clock'` (default) the file's first tick plays at the first `step` and the others
 * keep their offsets from it; with `align: 'file'` ticks play at their own timestamps. `loop` replays the
 * file again and again. Prices are rounded to the instrument's precision; a staff spread set with
 * `setSpread` replaces the file's spread around the file's mid. In a replay the file is the market: an
 * instrument is open while it has ticked within `closedAfterMs` (default 60 s), and stale when open but
 * silent for 3 of its expected tick intervals. Codes the platform does not know are skipped.
 */

export interface ReplayTick {
  timeMs: number;
  code: string;
  bid: number;
  ask: number;
}

export interface ReplayFeedOptions {
  csv: string;
  instruments: readonly FeedInstrument[];
  clock: Clock;
  align?: 'clock' | 'file';
  loop?: boolean;
  stepMs?: number;
  closedAfterMs?: number;
  onListenerError?: (error: unknown) => void;
}

/** Parse the tick file; throws on a malformed line, naming it. */
export function parseTickCsv(text: string): ReplayTick[] {
  const ticks: ReplayTick[] = [];
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!.trim();
    if (line === '' || line.startsWith('#') || line.toLowerCase().startsWith('time_iso')) continue;
    const fields = line.split(',').map((f) => f.trim());
    const [time, code, bidText, askText] = fields;
    const timeMs = Date.parse(time ?? '');
    const bid = Number(bidText);
    const ask = Number(askText);
    if (fields.length !== 4 || !code || Number.isNaN(timeMs) || !(bid > 0) || !(ask >= bid)) {
      throw new Error(
        `tick file line ${n + 1}: expected time_iso,code,bid,ask with 0 < bid ≤ ask: "${line}"`,
      );
    }
    ticks.push({ timeMs, code, bid, ask });
  }
  // Stable sort: a file merged from several sources may interleave slightly out of order.
  return ticks.sort((a, b) => a.timeMs - b.timeMs);
}

class ReplayInstrument {
  readonly scale: number;
  spreadPoints: number | undefined;
  lastTickMs = Number.NaN;
  seq = 0;
  latest: Quote | undefined;

  constructor(
    readonly id: number,
    readonly code: string,
    precision: number,
    readonly tickIntervalMs: number,
  ) {
    this.scale = pointScale(precision);
  }
}

const STALE_INTERVALS = 3;
const LOOP_PAUSE_MS = 1_000;

export class ReplayFeed extends SteppedFeed implements QuoteFeed {
  /** Rows whose code is not a platform instrument. */
  readonly skippedRows: number;
  private readonly ticks: Array<ReplayTick & { instrument: ReplayInstrument }>;
  private readonly byId = new Map<number, ReplayInstrument>();
  private readonly align: 'clock' | 'file';
  private readonly loop: boolean;
  private readonly closedAfterMs: number;
  private readonly cycleMs: number;
  private originMs = Number.NaN;
  private cursor = 0;
  private cycle = 0;

  constructor(options: ReplayFeedOptions) {
    super(options.clock, options.stepMs ?? 100, options.onListenerError);
    this.align = options.align ?? 'clock';
    this.loop = options.loop ?? false;
    this.closedAfterMs = options.closedAfterMs ?? 60_000;
    const byCode = new Map<string, ReplayInstrument>();
    for (const { id, seed } of options.instruments) {
      const instrument = new ReplayInstrument(id, seed.code, seed.pricePrecision, seed.tickIntervalMs);
      byCode.set(seed.code, instrument);
      this.byId.set(id, instrument);
    }
    const parsed = parseTickCsv(options.csv);
    this.ticks = [];
    for (const tick of parsed) {
      const instrument = byCode.get(tick.code);
      if (instrument) this.ticks.push({ ...tick, instrument });
    }
    this.skippedRows = parsed.length - this.ticks.length;
    const first = this.ticks[0]?.timeMs ?? 0;
    const last = this.ticks.at(-1)?.timeMs ?? 0;
    this.cycleMs = last - first + LOOP_PAUSE_MS;
  }

  /** Clock time at which tick `index` of the current cycle plays. */
  private playTimeMs(index: number): number {
    const first = this.ticks[0]!.timeMs;
    return this.originMs + (this.ticks[index]!.timeMs - first) + this.cycle * this.cycleMs;
  }

  step(nowMs: number): void {
    const ticks = this.ticks;
    if (ticks.length === 0) return;
    if (Number.isNaN(this.originMs)) this.originMs = this.align === 'clock' ? nowMs : ticks[0]!.timeMs;
    while (this.cursor < ticks.length) {
      const playMs = this.playTimeMs(this.cursor);
      if (playMs > nowMs) return;
      this.emit(ticks[this.cursor]!, playMs);
      this.cursor++;
      if (this.cursor === ticks.length && this.loop) {
        this.cursor = 0;
        // After a long pause, resume with the cycle in progress instead of replaying every missed one.
        this.cycle = Math.max(this.cycle + 1, Math.floor((nowMs - this.originMs) / this.cycleMs));
      }
    }
  }

  private emit(tick: ReplayTick & { instrument: ReplayInstrument }, timeMs: number): void {
    const s = tick.instrument;
    const scale = s.scale;
    let bidPoints = Math.round(tick.bid * scale);
    let askPoints = Math.round(tick.ask * scale);
    const midPoints = Math.round((bidPoints + askPoints) / 2);
    if (s.spreadPoints !== undefined) {
      bidPoints = Math.max(1, midPoints - (s.spreadPoints >> 1));
      askPoints = bidPoints + s.spreadPoints;
    }
    const quote: Quote = {
      instrumentId: s.id,
      code: s.code,
      bid: bidPoints / scale,
      ask: askPoints / scale,
      mid: midPoints / scale,
      timeMs,
      seq: ++s.seq,
    };
    s.latest = quote;
    s.lastTickMs = timeMs;
    this.listeners.emit(quote);
  }

  latest(instrumentId: number): Quote | undefined {
    return this.byId.get(instrumentId)?.latest;
  }

  status(instrumentId: number, nowMs: number): MarketStatus {
    const s = this.byId.get(instrumentId);
    return s && nowMs - s.lastTickMs <= this.closedAfterMs ? MARKET_STATUS.OPEN : MARKET_STATUS.CLOSED;
  }

  isStale(instrumentId: number, nowMs: number): boolean {
    const s = this.byId.get(instrumentId);
    if (!s || this.status(instrumentId, nowMs) === MARKET_STATUS.CLOSED) return false;
    return nowMs - s.lastTickMs > s.tickIntervalMs * STALE_INTERVALS;
  }

  setSpread(instrumentId: number, points: number): void {
    const s = this.byId.get(instrumentId);
    if (!s) throw new RangeError(`unknown instrument ${instrumentId}`);
    if (!Number.isInteger(points) || points < 1) {
      throw new RangeError(`spread must be a whole number of points ≥ 1, got ${points}`);
    }
    s.spreadPoints = points;
  }
}
