import type { Candle } from '@meridian/contracts';

/** Frames kept: the forming candle and the few before it are all a late history answer can miss. */
const KEEP = 8;

/**
 * The recent `KLINE` frames of one instrument and period, with when each arrived. The chart's
 * history is a snapshot taken while the request was on its way; frames that arrived after it was
 * sent bring it up to date (a candle that closed meanwhile keeps its last ticks, and a reloaded
 * period is not set back to the snapshot's older copy of a candle already seen live).
 */
export class LiveCandles {
  private recent: Array<{ candle: Candle; at: number }> = [];
  private listener: ((candle: Candle) => void) | null = null;

  /** `now` must be the clock the history's `askedAt` is read from (`performance.now`). */
  constructor(private readonly now: () => number = () => performance.now()) {}

  push(candle: Candle) {
    // The latest frame of a candle replaces its earlier ones (the server sends the whole candle).
    this.recent = this.recent.filter((r) => r.candle.Time !== candle.Time);
    this.recent.push({ candle, at: this.now() });
    if (this.recent.length > KEEP) this.recent.splice(0, this.recent.length - KEEP);
    this.listener?.(candle);
  }

  /**
   * The latest frames of candles at or after `fromTime` that arrived at or after `askedAt`,
   * oldest candle first: what to lay over a history asked for at `askedAt` whose last candle is
   * `fromTime`. Frames from before the request (say, before a socket drop) are older than it.
   */
  since(askedAt: number, fromTime: number): Candle[] {
    return this.recent
      .filter((r) => r.at >= askedAt && r.candle.Time >= fromTime)
      .map((r) => r.candle)
      .sort((a, b) => a.Time - b.Time);
  }

  /** One listener (the chart) hears every frame from now on; returns the way to stop. */
  listen(fn: (candle: Candle) => void): () => void {
    this.listener = fn;
    return () => {
      if (this.listener === fn) this.listener = null;
    };
  }
}
