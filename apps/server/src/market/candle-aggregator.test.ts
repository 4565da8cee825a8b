import { bucketStart, CANDLE_PERIODS, type CandlePeriod } from '@meridian/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CandleAggregator, type ClosedCandle } from './candle-aggregator.ts';
import { INSTRUMENT_SEEDS } from './instrument-seeds.ts';
import { SimulatedFeed } from './simulated-feed.ts';
import type { Candle, Quote } from './types.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

const at = (iso: string) => Date.parse(iso);
let seq = 0;
const quote = (timeMs: number, mid: number, instrumentId = 1): Quote => ({
  instrumentId,
  code: 'EURUSD',
  bid: mid,
  ask: mid,
  mid,
  timeMs,
  seq: ++seq,
});

function collect() {
  const closed: ClosedCandle[] = [];
  const aggregator = new CandleAggregator({ onClosed: (c) => closed.push(c) });
  return {
    aggregator,
    closed,
    of: (p: CandlePeriod) => closed.filter((c) => c.period === p).map((c) => c.candle),
  };
}

/** The candle an aggregation of `parts` (oldest first) must give. */
function combine(time: number, parts: Candle[]): Candle {
  return {
    time,
    open: parts[0]!.open,
    high: Math.max(...parts.map((c) => c.high)),
    low: Math.min(...parts.map((c) => c.low)),
    close: parts.at(-1)!.close,
    volume: parts.reduce((s, c) => s + c.volume, 0),
  };
}

describe('CandleAggregator', () => {
  it('builds OHLC from mids, counts ticks as volume and rolls over at the minute', () => {
    const { aggregator, of } = collect();
    aggregator.update(quote(at('2026-03-04T10:00:05Z'), 1.1));
    aggregator.update(quote(at('2026-03-04T10:00:20Z'), 1.102));
    aggregator.update(quote(at('2026-03-04T10:00:40Z'), 1.099));
    aggregator.update(quote(at('2026-03-04T10:00:59.999Z'), 1.101));
    expect(aggregator.current(1, '1min')).toEqual({
      time: at('2026-03-04T10:00:00Z') / 1000,
      open: 1.1,
      high: 1.102,
      low: 1.099,
      close: 1.101,
      volume: 4,
    });
    expect(of('1min')).toHaveLength(0);
    aggregator.update(quote(at('2026-03-04T10:01:00Z'), 1.103));
    expect(of('1min')).toEqual([
      {
        time: at('2026-03-04T10:00:00Z') / 1000,
        open: 1.1,
        high: 1.102,
        low: 1.099,
        close: 1.101,
        volume: 4,
      },
    ]);
    expect(aggregator.current(1, '1min')).toMatchObject({ open: 1.103, volume: 1 });
    expect(aggregator.current(1, '5min')).toMatchObject({ open: 1.1, high: 1.103, close: 1.103, volume: 5 });
  });

  it('closes due candles on the clock, reporting each once', () => {
    const { aggregator, closed } = collect();
    aggregator.update(quote(at('2026-03-06T21:59:30Z'), 1.2)); // Friday, the last forex minute
    aggregator.closeDue(at('2026-03-06T22:00:00Z'));
    expect(closed.map((c) => c.period)).toEqual(['1min', '5min', '15min', '30min', '60min']);
    aggregator.closeDue(at('2026-03-06T22:00:30Z'));
    expect(closed).toHaveLength(5);
    aggregator.closeDue(at('2026-03-07T00:00:00Z')); // London midnight (GMT)
    expect(closed.map((c) => c.period).at(-1)).toBe('1day');
    expect(aggregator.current(1, '1day')).toBeUndefined();
  });

  it('ignores a quote older than the forming candle', () => {
    const { aggregator } = collect();
    aggregator.update(quote(at('2026-03-04T10:01:10Z'), 1.1));
    aggregator.update(quote(at('2026-03-04T10:00:50Z'), 1.5));
    expect(aggregator.current(1, '1min')).toMatchObject({ high: 1.1, volume: 1 });
    expect(aggregator.current(1, '5min')).toMatchObject({ high: 1.5, volume: 2 }); // same 5-minute bucket
  });

  it('starts London days at 23:00 UTC in summer and gives the day figures from the day open', () => {
    const { aggregator, of } = collect();
    aggregator.update(quote(at('2026-07-01T22:59:00Z'), 1.1));
    aggregator.update(quote(at('2026-07-01T23:00:00Z'), 1.1));
    aggregator.update(quote(at('2026-07-02T08:00:00Z'), 1.1055));
    aggregator.update(quote(at('2026-07-02T09:00:00Z'), 1.0999));
    aggregator.update(quote(at('2026-07-02T10:00:00Z'), 1.1058));
    expect(of('1day').map((c) => c.time)).toEqual([at('2026-06-30T23:00:00Z') / 1000]);
    expect(aggregator.current(1, '1day')!.time).toBe(at('2026-07-01T23:00:00Z') / 1000);
    expect(aggregator.dayFigures(1)).toEqual({
      open: 1.1,
      high: 1.1058,
      low: 1.0999,
      close: 1.1058,
      change: 0.53,
    });
    expect(aggregator.dayFigures(2)).toBeUndefined();
  });

  it('keeps the last day figures while the market is shut (weekend shows Friday)', () => {
    const { aggregator } = collect();
    aggregator.update(quote(at('2026-03-06T08:00:00Z'), 1.2));
    aggregator.update(quote(at('2026-03-06T21:59:00Z'), 1.188));
    aggregator.closeDue(at('2026-03-07T12:00:00Z'));
    expect(aggregator.dayFigures(1)).toMatchObject({ open: 1.2, close: 1.188, change: -1 });
  });

  it('remembers recent closed candles in a ring, oldest first, optionally with the forming one', () => {
    const closed: ClosedCandle[] = [];
    const aggregator = new CandleAggregator({ onClosed: (c) => closed.push(c), ringSize: 3 });
    const t0 = at('2026-03-04T10:00:00Z');
    for (let m = 0; m < 6; m++) aggregator.update(quote(t0 + m * 60_000, 1 + m / 100));
    expect(aggregator.recent(1, '1min', 10).map((c) => c.open)).toEqual([1.02, 1.03, 1.04]);
    expect(aggregator.recent(1, '1min', 2).map((c) => c.open)).toEqual([1.03, 1.04]);
    expect(aggregator.recent(1, '1min', 2, true).map((c) => c.open)).toEqual([1.04, 1.05]);
    expect(aggregator.recent(1, '1min', 0)).toEqual([]);
    expect(aggregator.recent(9, '1min', 5)).toEqual([]);
  });

  it('continues a primed forming candle', () => {
    const { aggregator, of } = collect();
    const hour = at('2026-03-04T10:00:00Z') / 1000;
    aggregator.prime(1, '60min', [{ time: hour - 3600, open: 1, high: 1, low: 1, close: 1, volume: 9 }], {
      time: hour,
      open: 1.1,
      high: 1.2,
      low: 1.05,
      close: 1.15,
      volume: 100,
    });
    aggregator.update(quote(at('2026-03-04T10:30:00Z'), 1.25));
    expect(aggregator.current(1, '60min')).toEqual({
      time: hour,
      open: 1.1,
      high: 1.25,
      low: 1.05,
      close: 1.25,
      volume: 101,
    });
    aggregator.update(quote(at('2026-03-04T11:00:00Z'), 1.2));
    expect(of('60min').at(-1)).toMatchObject({ time: hour, close: 1.25 });
    expect(aggregator.recent(1, '60min', 5).map((c) => c.time)).toEqual([hour - 3600, hour]);
  });

  it('keeps every period the exact aggregation of the one below (live feed across a London midnight)', () => {
    const btc = { id: 1, seed: INSTRUMENT_SEEDS.find((s) => s.code === 'BTCUSD')! };
    let now = at('2026-10-24T21:00:00Z'); // into the 25-hour London day of 25 October
    const feed = new SimulatedFeed({ instruments: [btc], clock: { now: () => now }, seed: 9 });
    const { aggregator, of } = collect();
    feed.onQuote((q) => aggregator.update(q));
    for (const end = at('2026-10-26T01:00:00Z'); now < end; now += 1000) feed.step(now);
    aggregator.closeDue(now);
    for (let p = 1; p < CANDLE_PERIODS.length; p++) {
      const period = CANDLE_PERIODS[p]!;
      const lower = of(CANDLE_PERIODS[p - 1]!);
      const higher = of(period);
      expect(higher.length).toBeGreaterThan(0);
      for (const candle of higher) {
        const parts = lower.filter((c) => bucketStart(c.time * 1000, period) === candle.time);
        expect(candle).toEqual(combine(candle.time, parts));
      }
    }
    const day = of('1day').find((c) => c.time === at('2026-10-24T23:00:00Z') / 1000)!;
    expect(of('60min').filter((c) => bucketStart(c.time * 1000, '1day') === day.time)).toHaveLength(25);
  });

  it('property: any quote sequence gives candles with low ≤ open, close ≤ high and one volume per quote', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    const t0 = at('2026-03-04T00:00:00Z');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 * 3_600_000 }), fc.integer({ min: 1, max: 10_000 })), {
          minLength: 1,
          maxLength: 200,
        }),
        (ticks) => {
          const { aggregator, of } = collect();
          const sorted = [...ticks].sort((a, b) => a[0] - b[0]);
          for (const [dt, points] of sorted) aggregator.update(quote(t0 + dt, points / 1000));
          aggregator.closeDue(t0 + 2 * 86_400_000);
          for (const period of CANDLE_PERIODS) {
            const candles = of(period);
            for (const c of candles) {
              expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
              expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
            }
            expect(candles.reduce((s, c) => s + c.volume, 0)).toBe(ticks.length);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
