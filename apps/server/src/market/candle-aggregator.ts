import {
  bucketStart,
  CANDLE_PERIODS,
  type CandlePeriod,
  nextBucketStart,
  percentChange,
} from '@meridian/domain';
import type { Candle, Quote } from './types.ts';

/**
 * Live candles from quotes, in memory (DESIGN §5). For every instrument × period it keeps the forming
 * candle and a ring of recently closed ones (for `abbreviated_cache_kline` and sparklines).
 *
 * - Prices: a candle is built from quote mids (`Close` is the mid, as the quote board shows it).
 * - Volume: the number of ticks in the bucket (a simulated market has no traded volume; tick count is
 *   what MetaTrader shows as tick volume). The back-fill uses the same unit.
 * - Buckets: London wall-clock time via `bucketStart` (a London day is 23/24/25 hours).
 * - Closing: a candle closes when a quote lands in a later bucket, or when `closeDue(nowMs)` finds its
 *   bucket over (call it on a timer so quiet or closed markets still persist their last candles).
 *   Every closed candle goes to `onClosed` once, synchronously; the server batches them into
 *   `CandleStore.saveClosed`.
 * - A quote older than the forming candle (clock going backwards) is ignored for that period.
 */

export interface ClosedCandle {
  instrumentId: number;
  period: CandlePeriod;
  candle: Candle;
}

/** The quote board's day figures (ForexQuotations), from the London day open. */
export interface DayFigures {
  open: number; // London day open (mid)
  high: number;
  low: number;
  close: number; // latest mid
  change: number; // percent from the day open, 2 decimals: 0.53 means +0.53 %
}

export interface CandleAggregatorOptions {
  onClosed: (closed: ClosedCandle) => void;
  /** Closed candles kept in memory per instrument × period; default 500. */
  ringSize?: number;
}

class Ring {
  private readonly items: Candle[] = [];
  private head = 0; // index of the oldest item once the ring is full

  constructor(private readonly capacity: number) {}

  push(candle: Candle): void {
    if (this.items.length < this.capacity) {
      this.items.push(candle);
      return;
    }
    this.items[this.head] = candle;
    this.head = (this.head + 1) % this.capacity;
  }

  last(): Candle | undefined {
    if (this.items.length === 0) return undefined;
    return this.items[(this.head + this.items.length - 1) % this.items.length];
  }

  /** The newest `limit` items, oldest first. */
  newest(limit: number): Candle[] {
    const count = Math.min(Math.max(0, limit), this.items.length);
    const out = new Array<Candle>(count);
    const size = this.items.length;
    const first = this.head + size - count;
    for (let i = 0; i < count; i++) out[i] = this.items[(first + i) % size]!;
    return out;
  }

  clear(): void {
    this.items.length = 0;
    this.head = 0;
  }
}

class PeriodSlot {
  current: Candle | undefined;
  endSec = 0; // start of the next bucket
  readonly ring: Ring;

  constructor(
    readonly period: CandlePeriod,
    ringSize: number,
  ) {
    this.ring = new Ring(ringSize);
  }
}

interface InstrumentCandles {
  readonly slots: PeriodSlot[]; // in CANDLE_PERIODS order
  lastMid: number;
}

/** Index of each period in an instrument's slots. */
const SLOT = Object.fromEntries(CANDLE_PERIODS.map((p, i) => [p, i])) as Record<CandlePeriod, number>;
const DAY_SLOT = SLOT['1day'];

export class CandleAggregator {
  private readonly byInstrument = new Map<number, InstrumentCandles>();
  private readonly onClosed: (closed: ClosedCandle) => void;
  private readonly ringSize: number;

  constructor(options: CandleAggregatorOptions) {
    this.onClosed = options.onClosed;
    this.ringSize = options.ringSize ?? 500;
  }

  private instrument(instrumentId: number): InstrumentCandles {
    let entry = this.byInstrument.get(instrumentId);
    if (!entry) {
      entry = { slots: CANDLE_PERIODS.map((p) => new PeriodSlot(p, this.ringSize)), lastMid: Number.NaN };
      this.byInstrument.set(instrumentId, entry);
    }
    return entry;
  }

  /** Feed one quote (hot path: no allocation unless a bucket rolls over). */
  update(quote: Quote): void {
    const entry = this.instrument(quote.instrumentId);
    const mid = quote.mid;
    const timeSec = quote.timeMs / 1000;
    entry.lastMid = mid;
    const slots = entry.slots;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      const c = slot.current;
      if (c !== undefined && timeSec < slot.endSec) {
        if (timeSec < c.time) continue;
        if (mid > c.high) c.high = mid;
        if (mid < c.low) c.low = mid;
        c.close = mid;
        c.volume += 1;
        continue;
      }
      if (c !== undefined) this.close(quote.instrumentId, slot);
      const start = bucketStart(quote.timeMs, slot.period);
      slot.current = { time: start, open: mid, high: mid, low: mid, close: mid, volume: 1 };
      slot.endSec = nextBucketStart(start, slot.period);
    }
  }

  /** Close every forming candle whose bucket has ended by `nowMs`. */
  closeDue(nowMs: number): void {
    const nowSec = nowMs / 1000;
    for (const [instrumentId, entry] of this.byInstrument) {
      for (const slot of entry.slots) {
        if (slot.current !== undefined && nowSec >= slot.endSec) this.close(instrumentId, slot);
      }
    }
  }

  private close(instrumentId: number, slot: PeriodSlot): void {
    const candle = slot.current!;
    slot.current = undefined;
    slot.ring.push(candle);
    this.onClosed({ instrumentId, period: slot.period, candle });
  }

  /**
   * Load history at boot: `closed` (oldest first, already stored) fills the ring, `current` is the
   * forming candle (e.g. the back-filled part of today). Replaces what was there.
   */
  prime(instrumentId: number, period: CandlePeriod, closed: readonly Candle[], current?: Candle): void {
    const entry = this.instrument(instrumentId);
    const slot = entry.slots[SLOT[period]]!;
    slot.ring.clear();
    for (const candle of closed.slice(-this.ringSize)) slot.ring.push({ ...candle });
    slot.current = current ? { ...current } : undefined;
    slot.endSec = current ? nextBucketStart(current.time, period) : 0;
    const latest = slot.current ?? slot.ring.last();
    if (latest && period === '1min') entry.lastMid = latest.close;
  }

  /** The forming candle (live object: read it, do not keep or change it). */
  current(instrumentId: number, period: CandlePeriod): Readonly<Candle> | undefined {
    return this.byInstrument.get(instrumentId)?.slots[SLOT[period]]?.current;
  }

  /** Up to `limit` most recent candles, oldest first: closed ones, plus the forming one if asked. */
  recent(instrumentId: number, period: CandlePeriod, limit: number, includeCurrent = false): Candle[] {
    const slot = this.byInstrument.get(instrumentId)?.slots[SLOT[period]];
    if (!slot) return [];
    const withCurrent = includeCurrent && slot.current !== undefined;
    const out = slot.ring.newest(withCurrent ? limit - 1 : limit);
    if (withCurrent && limit > 0) out.push({ ...slot.current! });
    return out;
  }

  /**
   * Day figures for the quote board: the current London day's candle, or the last closed one while the
   * market is shut (a weekend shows Friday's change), with the latest mid as the close.
   */
  dayFigures(instrumentId: number): DayFigures | undefined {
    const entry = this.byInstrument.get(instrumentId);
    if (!entry) return undefined;
    const slot = entry.slots[DAY_SLOT]!;
    const day = slot.current ?? slot.ring.last();
    if (!day) return undefined;
    const close = Number.isNaN(entry.lastMid) ? day.close : entry.lastMid;
    return {
      open: day.open,
      high: Math.max(day.high, close),
      low: Math.min(day.low, close),
      close,
      change: percentChange(day.open, close),
    };
  }
}
