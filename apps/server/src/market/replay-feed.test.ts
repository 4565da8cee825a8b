import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INSTRUMENT_SEEDS } from './instrument-seeds.ts';
import { parseTickCsv, ReplayFeed } from './replay-feed.ts';
import type { FeedInstrument, Quote } from './types.ts';

const csv = readFileSync(new URL('./fixtures/sample-ticks.csv', import.meta.url), 'utf8');
const instruments: FeedInstrument[] = ['EURUSD', 'XAUUSD', 'BTCUSD', 'AAPL'].map((code, i) => ({
  id: i + 1,
  seed: INSTRUMENT_SEEDS.find((s) => s.code === code)!,
}));
const START = Date.parse('2026-06-10T12:00:00Z');
const FILE_START = Date.parse('2026-03-02T09:00:00.082Z');

function replay(options: Partial<ConstructorParameters<typeof ReplayFeed>[0]> = {}, startMs = START) {
  let now = startMs;
  const feed = new ReplayFeed({ csv, instruments, clock: { now: () => now }, ...options });
  const quotes: Quote[] = [];
  feed.onQuote((q) => quotes.push(q));
  return {
    feed,
    quotes,
    runTo(endMs: number, stepMs = 100) {
      for (; now <= endMs; now += stepMs) feed.step(now);
      now = endMs;
    },
  };
}

describe('parseTickCsv', () => {
  it('reads the shipped sample file', () => {
    const ticks = parseTickCsv(csv);
    expect(ticks.length).toBe(172);
    expect(ticks[0]).toEqual({ timeMs: FILE_START, code: 'EURUSD', bid: 1.165, ask: 1.16512 });
    expect(new Set(ticks.map((t) => t.code))).toEqual(new Set(['EURUSD', 'XAUUSD', 'BTCUSD']));
  });

  it('names the line of a malformed row', () => {
    expect(() => parseTickCsv('time_iso,code,bid,ask\n2026-03-02T09:00:00Z,EURUSD,1.2,1.1\n')).toThrow(
      /line 2/,
    );
    expect(() => parseTickCsv('yesterday,EURUSD,1.1,1.2')).toThrow(/line 1/);
    expect(() => parseTickCsv('2026-03-02T09:00:00Z,EURUSD,1.1')).toThrow(/line 1/);
  });
});

describe('ReplayFeed', () => {
  it('plays the file from the first step, keeping the ticks’ spacing', () => {
    const { quotes, runTo } = replay();
    runTo(START + 30_000);
    const ticks = parseTickCsv(csv);
    expect(quotes).toHaveLength(ticks.length);
    quotes.forEach((q, i) => {
      expect(q.code).toBe(ticks[i]!.code);
      expect(q.timeMs).toBe(START + (ticks[i]!.timeMs - FILE_START));
      expect(q.bid).toBe(ticks[i]!.bid);
      expect(q.ask).toBe(ticks[i]!.ask);
      expect(q.bid).toBeLessThan(q.ask);
    });
    const btc = quotes.filter((q) => q.code === 'BTCUSD');
    expect(btc.map((q) => q.seq)).toEqual(btc.map((_, i) => i + 1));
    expect(btc[0]!.mid).toBe(Math.round(((btc[0]!.bid + btc[0]!.ask) / 2) * 100) / 100);
  });

  it('emits nothing before a tick is due', () => {
    const { quotes, runTo } = replay();
    runTo(START + 50);
    expect(quotes.map((q) => q.code)).toEqual(['EURUSD']); // only the file's first tick so far
  });

  it('plays at the file’s own timestamps when asked', () => {
    const { quotes, runTo } = replay({ align: 'file' }, FILE_START - 1_000);
    runTo(FILE_START + 30_000);
    expect(quotes).toHaveLength(172);
    expect(quotes.map((q) => q.timeMs)).toEqual(parseTickCsv(csv).map((t) => t.timeMs));
  });

  it('loops', () => {
    const { quotes, runTo } = replay({ loop: true });
    runTo(START + 65_000, 500);
    expect(quotes.length).toBeGreaterThan(3 * 172 - 10);
    const eur = quotes.filter((q) => q.code === 'EURUSD');
    for (let i = 1; i < eur.length; i++) {
      expect(eur[i]!.timeMs).toBeGreaterThan(eur[i - 1]!.timeMs);
      expect(eur[i]!.seq).toBe(eur[i - 1]!.seq + 1);
    }
  });

  it('reports status, staleness and a staff spread like the simulated feed', () => {
    const { feed, runTo } = replay();
    expect(feed.status(1, START)).toBe(0); // nothing played yet
    runTo(START + 5_000);
    expect(feed.status(1, START + 5_000)).toBe(1);
    expect(feed.isStale(1, START + 5_000)).toBe(false);
    expect(feed.isStale(1, START + 25_000)).toBe(true); // the file is over: silent but not yet closed
    expect(feed.status(1, START + 200_000)).toBe(0);
    expect(feed.isStale(1, START + 200_000)).toBe(false);
    expect(feed.status(4, START + 5_000)).toBe(0); // AAPL is not in the file
    expect(feed.latest(4)).toBeUndefined();

    feed.setSpread(1, 30);
    runTo(START + 10_000);
    const q = feed.latest(1)!;
    expect(Math.round((q.ask - q.bid) * 1e5)).toBe(30);
    expect(() => feed.setSpread(1, -1)).toThrow(RangeError);
  });

  it('skips codes the platform does not list', () => {
    const feed = new ReplayFeed({
      csv: '2026-03-02T09:00:00Z,FOOBAR,1,2\n2026-03-02T09:00:01Z,EURUSD,1.1,1.1001\n',
      instruments,
      clock: { now: () => START },
    });
    expect(feed.skippedRows).toBe(1);
  });
});
