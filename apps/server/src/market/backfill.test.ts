import {
  bucketStart,
  CANDLE_PERIODS,
  type CandlePeriod,
  isMarketOpen,
  nextBucketStart,
} from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { backfillHistory, KEEP_CANDLES } from './backfill.ts';
import { CandleAggregator, type ClosedCandle } from './candle-aggregator.ts';
import { INSTRUMENT_SEEDS } from './instrument-seeds.ts';
import { SimulatedFeed } from './simulated-feed.ts';
import type { Candle, CandleStore, FeedInstrument, InstrumentSeed, LastQuote } from './types.ts';
import { periodSeconds } from './types.ts';

/** CandleStore in memory: insert-or-replace by time, like the database's primary key. */
class MemoryStore implements CandleStore {
  readonly rows = new Map<string, Map<number, Candle>>();
  readonly lastQuotes = new Map<number, LastQuote>();

  async saveLastQuotes(rows: readonly LastQuote[]): Promise<void> {
    for (const r of rows) this.lastQuotes.set(r.instrumentId, { ...r });
  }

  async loadLastQuote(instrumentId: number): Promise<LastQuote | null> {
    return this.lastQuotes.get(instrumentId) ?? null;
  }

  async loadRecent(instrumentId: number, period: CandlePeriod, limit: number): Promise<Candle[]> {
    return this.all(instrumentId, period).slice(-limit);
  }

  async saveClosed(
    rows: Array<{ instrumentId: number; period: CandlePeriod; candle: Candle }>,
  ): Promise<void> {
    for (const { instrumentId, period, candle } of rows) {
      const key = `${instrumentId}:${period}`;
      if (!this.rows.has(key)) this.rows.set(key, new Map());
      this.rows.get(key)!.set(candle.time, { ...candle });
    }
  }

  all(instrumentId: number, period: CandlePeriod): Candle[] {
    return [...(this.rows.get(`${instrumentId}:${period}`)?.values() ?? [])].sort((a, b) => a.time - b.time);
  }
}

const pick = (...codes: string[]): FeedInstrument[] =>
  codes.map((code, i) => ({ id: i + 1, seed: INSTRUMENT_SEEDS.find((s) => s.code === code)! }));

const NOW = Date.parse('2026-10-28T14:30:17Z'); // a Wednesday, three days after the October change

async function boot(store: MemoryStore, instruments: FeedInstrument[], nowMs: number, seed = 42) {
  const clock = { now: () => nowMs };
  const feed = new SimulatedFeed({ instruments, clock, seed });
  const closed: ClosedCandle[] = [];
  const aggregator = new CandleAggregator({ onClosed: (c) => closed.push(c) });
  const report = await backfillHistory({ store, instruments, feed, aggregator, clock });
  return { feed, aggregator, closed, report };
}

/** Start times of the `period` buckets in [fromSec, toSec) that contain at least one trading minute. */
function tradingBuckets(
  seed: InstrumentSeed,
  period: CandlePeriod,
  fromSec: number,
  toSec: number,
): Set<number> {
  const buckets = new Set<number>();
  for (let t = fromSec * 1000; t < toSec * 1000; t += 60_000) {
    if (isMarketOpen(seed.session, t, seed.sessionZone)) buckets.add(bucketStart(t, period));
  }
  return buckets;
}

/**
 * Each stored candle equals the aggregation of the stored candles of the period below, wherever those
 * cover its whole bucket (the lower periods keep fewer days, and a long outage leaves holes).
 */
function expectConsistent(store: MemoryStore, { id, seed }: FeedInstrument) {
  for (let p = 1; p < CANDLE_PERIODS.length; p++) {
    const period = CANDLE_PERIODS[p]!;
    const lowerPeriod = CANDLE_PERIODS[p - 1]!;
    const lower = store.all(id, lowerPeriod);
    let checked = 0;
    for (const candle of store.all(id, period)) {
      if (candle.time < bucketStart(lower[0]!.time * 1000, period)) continue;
      const parts = lower.filter((c) => bucketStart(c.time * 1000, period) === candle.time);
      const expected = tradingBuckets(seed, lowerPeriod, candle.time, nextBucketStart(candle.time, period));
      if (parts.length < expected.size) continue; // not fully covered by kept lower candles
      expect(parts.map((c) => c.time)).toEqual([...expected]);
      expect(candle, `${period} ${new Date(candle.time * 1000).toISOString()}`).toEqual({
        time: candle.time,
        open: parts[0]!.open,
        high: Math.max(...parts.map((c) => c.high)),
        low: Math.min(...parts.map((c) => c.low)),
        close: parts.at(-1)!.close,
        volume: parts.reduce((s, c) => s + c.volume, 0),
      });
      checked++;
    }
    expect(checked, period).toBeGreaterThan(0);
  }
}

describe('backfillHistory: first start', () => {
  it('fills every chart: ~500 candles per period, about a year of days', async () => {
    const store = new MemoryStore();
    const instruments = pick('EURUSD', 'BTCUSD', 'AAPL');
    await boot(store, instruments, NOW);
    for (const { id } of instruments) {
      for (const period of CANDLE_PERIODS) {
        const candles = store.all(id, period);
        if (period === '1day') expect(candles.length).toBeGreaterThan(250);
        else expect(candles).toHaveLength(KEEP_CANDLES[period]);
        // Closed candles only, ascending, each on its bucket start.
        for (let i = 0; i < candles.length; i++) {
          const c = candles[i]!;
          expect(bucketStart(c.time * 1000, period)).toBe(c.time);
          expect(nextBucketStart(c.time, period) * 1000).toBeLessThanOrEqual(NOW);
          if (i > 0) expect(c.time).toBeGreaterThan(candles[i - 1]!.time);
          expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
          expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
          expect(c.volume).toBeGreaterThan(0);
        }
      }
    }
    expect(store.all(2, '1day')).toHaveLength(365); // crypto trades every day
    // No holes: every trading bucket between the first and the last kept candle is there.
    for (const { id, seed } of instruments) {
      for (const period of ['1min', '15min', '60min'] as const) {
        const candles = store.all(id, period);
        const from = candles[0]!.time;
        const to = nextBucketStart(candles.at(-1)!.time, period);
        expect(candles.map((c) => c.time)).toEqual([...tradingBuckets(seed, period, from, to)]);
      }
    }
  });

  it('keeps each period the exact aggregation of the one below (including the 25-hour day)', async () => {
    const store = new MemoryStore();
    const instruments = pick('BTCUSD', 'EURUSD', 'HK50', 'XAUUSD');
    await boot(store, instruments, NOW);
    for (const instrument of instruments) expectConsistent(store, instrument);
    const longDay = Date.parse('2026-10-24T23:00:00Z') / 1000;
    const hours = store.all(1, '60min').filter((c) => bucketStart(c.time * 1000, '1day') === longDay);
    expect(hours).toHaveLength(25);
  });

  it('has no candles while the market is closed', async () => {
    const store = new MemoryStore();
    const instruments = pick('EURUSD', 'AAPL', 'XAUUSD', 'JP225');
    await boot(store, instruments, NOW);
    for (const { id, seed } of instruments) {
      for (const c of store.all(id, '1min'))
        expect(isMarketOpen(seed.session, c.time * 1000, seed.sessionZone)).toBe(true);
      for (const c of store.all(id, '60min')) {
        let open = false;
        for (let m = 0; m < 60 && !open; m++)
          open = isMarketOpen(seed.session, c.time * 1000 + m * 60_000, seed.sessionZone);
        expect(open).toBe(true);
      }
      for (const c of store.all(id, '1day')) {
        const weekday = new Date((c.time + 43_200) * 1000).getUTCDay();
        if (seed.session !== 'forex' && seed.session !== 'metals') expect([0, 6]).not.toContain(weekday);
        expect(weekday).not.toBe(6); // no Saturday candle for anything but crypto
      }
    }
  });

  it('opens each session with a gap from the last close, as the live feed does, and is continuous within one', async () => {
    const store = new MemoryStore();
    const instruments = pick('EURUSD', 'AAPL');
    await boot(store, instruments, NOW);
    for (const { id } of instruments) {
      let gaps = 0;
      for (const period of ['1min', '30min', '60min'] as const) {
        const candles = store.all(id, period);
        const step = periodSeconds[period];
        for (let i = 1; i < candles.length; i++) {
          const [before, after] = [candles[i - 1]!, candles[i]!];
          if (after.time - before.time === step) expect(after.open).toBe(before.close);
          else if (after.open !== before.close) gaps++;
        }
      }
      // EURUSD: the weekend; AAPL: every night. Sessions open away from the last close.
      expect(gaps).toBeGreaterThan(2);
    }
  });

  it('ends where the live feed starts, and the aggregator continues the forming candles', async () => {
    const store = new MemoryStore();
    const instruments = pick('EURUSD', 'BTCUSD', 'AAPL');
    const { feed, aggregator, closed } = await boot(store, instruments, NOW);
    for (const { id, seed } of instruments) {
      const lastMinute = store.all(id, '1min').at(-1)!;
      expect(lastMinute.close).toBe(seed.referencePrice);
      expect(feed.latest(id)!.mid).toBe(seed.referencePrice);
      expect(feed.latest(id)!.timeMs).toBe((lastMinute.time + 60) * 1000);
      // The forming hour is the aggregation of this hour's stored minutes.
      const hour = bucketStart(NOW, '60min');
      const minutes = store.all(id, '1min').filter((c) => c.time >= hour);
      expect(aggregator.current(id, '60min')).toEqual({
        time: hour,
        open: minutes[0]!.open,
        high: Math.max(...minutes.map((c) => c.high)),
        low: Math.min(...minutes.map((c) => c.low)),
        close: minutes.at(-1)!.close,
        volume: minutes.reduce((s, c) => s + c.volume, 0),
      });
      expect(aggregator.recent(id, '1min', 3)).toEqual(store.all(id, '1min').slice(-3));
      expect(aggregator.dayFigures(id)!.close).toBe(seed.referencePrice);
    }
    // Live ticks extend the same candles.
    feed.onQuote((q) => aggregator.update(q));
    feed.step(NOW);
    const q = feed.latest(1)!;
    expect(Math.abs(q.mid / 1.165 - 1)).toBeLessThan(0.001);
    expect(aggregator.current(1, '1min')).toMatchObject({ open: q.mid, volume: 1 });
    expect(closed).toHaveLength(0);
  });

  it('is deterministic for a seed and a clock', async () => {
    const a = new MemoryStore();
    const b = new MemoryStore();
    const c = new MemoryStore();
    await boot(a, pick('EURUSD', 'AAPL'), NOW, 5);
    await boot(b, pick('EURUSD', 'AAPL'), NOW, 5);
    await boot(c, pick('EURUSD', 'AAPL'), NOW, 6);
    expect(b.rows).toEqual(a.rows);
    expect(c.all(1, '60min')).not.toEqual(a.all(1, '60min'));
  });

  it('on a Saturday, ends with Friday’s last minute for forex', async () => {
    const store = new MemoryStore();
    const saturday = Date.parse('2026-10-31T12:00:00Z');
    const { feed, aggregator } = await boot(store, pick('EURUSD'), saturday);
    expect(store.all(1, '1min').at(-1)!.time).toBe(Date.parse('2026-10-30T21:59:00Z') / 1000);
    expect(feed.latest(1)!.mid).toBe(1.165);
    expect(feed.status(1, saturday)).toBe(0);
    expect(aggregator.current(1, '1day')).toBeUndefined(); // Friday's day is over and stored
    expect(aggregator.dayFigures(1)!.close).toBe(1.165);
  });

  it('back-fills all seeded instruments quickly', async () => {
    const store = new MemoryStore();
    const instruments = INSTRUMENT_SEEDS.map((seed, i) => ({ id: i + 1, seed }));
    const { report } = await boot(store, instruments, NOW);
    expect(report.instruments).toBe(INSTRUMENT_SEEDS.length);
    console.info(`back-fill of ${report.instruments} instruments: ${report.elapsedMs} ms`);
    expect(report.elapsedMs).toBeLessThan(5_000); // ~0.8 s here; a generous bound against regressions
  });
});

describe('backfillHistory: restart', () => {
  it('invents no prices for the downtime: no candles in the gap, the feed continues from the last close', async () => {
    const store = new MemoryStore();
    const instruments = pick('BTCUSD', 'EURUSD', 'AAPL');
    // First run: back-fill, then 40 minutes of live ticks persisted as the server would.
    let now = NOW;
    const first = await boot(store, instruments, now);
    first.feed.onQuote((q) => first.aggregator.update(q));
    for (const end = NOW + 40 * 60_000; now < end; now += 250) {
      first.feed.step(now);
      first.aggregator.closeDue(now);
    }
    await store.saveClosed(first.closed);
    const before = instruments.map(({ id }) =>
      Object.fromEntries(CANDLE_PERIODS.map((period) => [period, store.all(id, period)])),
    );

    // Down for 8 hours (15:10 to 23:10 UTC); restart. Prices generated over those hours would cross
    // stop losses and take profits that no engine was running to fill.
    const restartAt = now + 8 * 3_600_000;
    const second = await boot(store, instruments, restartAt);
    for (const [i, instrument] of instruments.entries()) {
      const lastMinute = before[i]!['1min']!.at(-1)!;
      for (const period of CANDLE_PERIODS) {
        const after = store.all(instrument.id, period);
        // Nothing after the last stored minute's bucket; what was stored is unchanged.
        const lastBucket = bucketStart(lastMinute.time * 1000, period);
        expect(
          after.filter((c) => c.time > lastBucket),
          period,
        ).toEqual([]);
        expect(after.slice(0, before[i]![period]!.length), period).toEqual(before[i]![period]);
      }
      const quote = second.feed.latest(instrument.id)!;
      expect(quote.mid).toBe(lastMinute.close);
      expect(quote.timeMs).toBe((lastMinute.time + 60) * 1000);
      expectConsistent(store, instrument);
    }
    // The forming candles of shutdown were closed from their stored minutes and saved.
    const lastMinute = before[0]!['1min']!.at(-1)!;
    const hour = store.all(1, '60min').at(-1)!;
    expect(hour.time).toBe(bucketStart(lastMinute.time * 1000, '60min'));
    expect(hour.close).toBe(lastMinute.close);
    // The first live tick moves from the stored close like at most a few ordinary ticks.
    second.feed.step(restartAt);
    const ticked = second.feed.latest(1)!;
    expect(ticked.timeMs).toBe(restartAt);
    expect(Math.abs(Math.log(ticked.mid / lastMinute.close))).toBeLessThan(0.01);
  });

  it('resumes from the last live quote saved when it is newer than the last stored minute', async () => {
    const store = new MemoryStore();
    const instruments = pick('BTCUSD', 'EURUSD');
    await boot(store, instruments, NOW);
    const lastMinute = store.all(1, '1min').at(-1)!;
    // BTCUSD traded on for 40 s of the minute that was forming at shutdown; EURUSD's saved quote is
    // older than its last stored minute (a failed save): the stored close is newer, so it wins.
    const live = { instrumentId: 1, mid: 98_765.43, timeMs: (lastMinute.time + 100) * 1000 };
    await store.saveLastQuotes([live, { instrumentId: 2, mid: 9.99, timeMs: NOW - 3_600_000 }]);
    const { feed } = await boot(store, instruments, (lastMinute.time + 110) * 1000);
    expect(feed.latest(1)).toMatchObject({ mid: 98_765.43, timeMs: live.timeMs });
    expect(feed.latest(2)!.mid).toBe(store.all(2, '1min').at(-1)!.close);
  });

  it('restarting within the same minute adds nothing and continues from the stored close', async () => {
    const store = new MemoryStore();
    const instruments = pick('BTCUSD');
    await boot(store, instruments, NOW);
    const before = store.all(1, '1min');
    const { feed, report } = await boot(store, instruments, NOW + 20_000);
    expect(report.savedCandles).toBe(0);
    expect(store.all(1, '1min')).toEqual(before);
    expect(feed.latest(1)!.mid).toBe(before.at(-1)!.close);
  });

  it('continues the minute saved as it stood at shutdown, and keeps its ticks in the longer candles', async () => {
    const store = new MemoryStore();
    const instruments = pick('BTCUSD');
    await boot(store, instruments, NOW);
    const last = store.all(1, '1min').at(-1)!;
    // LiveMarket.stop saved the minute forming at NOW (14:30) as it stood: a dip no other candle holds.
    const minute = Math.floor(NOW / 60_000) * 60;
    const partial = {
      time: minute,
      open: last.close,
      high: last.close + 5,
      low: last.close - 900,
      close: last.close - 10,
      volume: 17,
    };
    await store.saveClosed([{ instrumentId: 1, period: '1min', candle: partial }]);

    // Restarted within that minute: it is the forming candle again (not a closed one beside a new one).
    const same = await boot(store, instruments, NOW + 20_000);
    expect(same.aggregator.current(1, '1min')).toEqual(partial);
    expect(same.aggregator.recent(1, '1min', 3).map((c) => c.time)).not.toContain(minute);
    expect(same.aggregator.current(1, '5min')!.low).toBe(partial.low);
    expect(same.aggregator.current(1, '1day')!.low).toBeLessThanOrEqual(partial.low);

    // Restarted two minutes later: a closed minute, and the forming 5-minute candle still has its low.
    const later = await boot(store, instruments, NOW + 113_000);
    expect(later.aggregator.current(1, '1min')).toBeUndefined();
    expect(later.aggregator.recent(1, '1min', 1)).toEqual([partial]);
    expect(later.aggregator.current(1, '5min')!.low).toBe(partial.low);

    // A clock started before the stored data does not take the stored minute for a forming one.
    const earlier = await boot(store, instruments, NOW - 3_600_000);
    expect(earlier.aggregator.current(1, '1min')).toBeUndefined();
  });

  it('after a long outage, keeps the stored history consistent and generates nothing', async () => {
    const store = new MemoryStore();
    const instruments = pick('BTCUSD');
    await boot(store, instruments, NOW);
    const minutesBefore = store.all(1, '1min');
    const { report, aggregator } = await boot(store, instruments, NOW + 30 * 86_400_000 + 17 * 60_000);
    expect(report.generatedCandles).toBe(0);
    expectConsistent(store, instruments[0]!);
    expect(store.all(1, '1min')).toEqual(minutesBefore);
    // Charts still get the stored history after the gap.
    expect(aggregator.recent(1, '1day', 400, true).length).toBeGreaterThan(300);
    const days = store.all(1, '1day');
    for (let i = 1; i < days.length; i++) expect(days[i]!.open).toBe(days[i - 1]!.close); // continuous
  });
});
