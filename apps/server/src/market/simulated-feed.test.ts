import { isMarketOpen } from '@meridian/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAP_VARIANCE_SHARE, variancePerMs } from './gbm.ts';
import { INSTRUMENT_SEEDS } from './instrument-seeds.ts';
import { SimulatedFeed } from './simulated-feed.ts';
import type { FeedInstrument, Quote } from './types.ts';

const seedOf = (code: string) => INSTRUMENT_SEEDS.find((s) => s.code === code)!;
const instruments: FeedInstrument[] = ['EURUSD', 'BTCUSD', 'AAPL', 'XAUUSD', 'USDJPY'].map((code, i) => ({
  id: i + 1,
  seed: seedOf(code),
}));
const EURUSD = 1;
const BTCUSD = 2;
const AAPL = 3;

const WEDNESDAY = Date.parse('2026-03-04T14:00:00Z'); // forex, metals, crypto open; New York 09:00, not yet
const WEDNESDAY_US_OPEN = Date.parse('2026-03-04T15:00:00Z'); // 10:00 New York

/** Drive a feed with a fixed clock sequence and collect every quote. */
function run(seed: number, fromMs: number, durationMs: number, stepMs = 100): Quote[] {
  let now = fromMs;
  const feed = new SimulatedFeed({ instruments, clock: { now: () => now }, seed });
  const quotes: Quote[] = [];
  feed.onQuote((q) => quotes.push(q));
  for (; now < fromMs + durationMs; now += stepMs) feed.step(now);
  return quotes;
}

describe('SimulatedFeed', () => {
  it('is deterministic: the same seed and clock give the same quotes, another seed others', () => {
    const a = run(42, WEDNESDAY_US_OPEN, 120_000);
    const b = run(42, WEDNESDAY_US_OPEN, 120_000);
    const c = run(43, WEDNESDAY_US_OPEN, 120_000);
    expect(a.length).toBeGreaterThan(500);
    expect(b).toEqual(a);
    expect(c.map((q) => q.mid)).not.toEqual(a.map((q) => q.mid));
  });

  it('quotes bid < ask with exactly the configured spread, at the instrument precision', () => {
    const quotes = run(7, WEDNESDAY_US_OPEN, 300_000);
    for (const q of quotes) {
      const seed = instruments[q.instrumentId - 1]!.seed;
      const scale = 10 ** seed.pricePrecision;
      expect(q.bid).toBeLessThan(q.ask);
      expect(Math.round((q.ask - q.bid) * scale)).toBe(seed.spreadPoints);
      for (const price of [q.bid, q.ask, q.mid]) {
        expect(Number(price.toFixed(seed.pricePrecision))).toBe(price); // no float artefacts
      }
      expect(q.mid).toBeGreaterThanOrEqual(q.bid);
      expect(q.mid).toBeLessThanOrEqual(q.ask);
    }
  });

  it('numbers quotes strictly increasing per instrument and ticks at about the configured rate', () => {
    const quotes = run(1, WEDNESDAY_US_OPEN, 600_000);
    for (const { id, seed } of instruments) {
      const mine = quotes.filter((q) => q.instrumentId === id);
      expect(mine.map((q) => q.seq)).toEqual(mine.map((_, i) => i + 1));
      const expected = 600_000 / seed.tickIntervalMs;
      expect(mine.length).toBeGreaterThan(expected * 0.9);
      expect(mine.length).toBeLessThan(expected * 1.1);
    }
  });

  it('does not tick outside the session: forex stops at Friday 22:00 UTC, crypto goes on', () => {
    const fridayEvening = Date.parse('2026-03-06T21:00:00Z');
    const quotes = run(5, fridayEvening, 3 * 3_600_000, 1000); // 21:00 to Saturday 00:00
    const fx = quotes.filter((q) => q.instrumentId === EURUSD);
    expect(fx.length).toBeGreaterThan(0);
    expect(Math.max(...fx.map((q) => q.timeMs))).toBeLessThan(Date.parse('2026-03-06T22:00:00Z'));
    expect(quotes.filter((q) => q.instrumentId === AAPL)).toHaveLength(0); // New York closed at 16:00
    const crypto = quotes.filter((q) => q.instrumentId === BTCUSD);
    expect(Math.max(...crypto.map((q) => q.timeMs))).toBeGreaterThan(Date.parse('2026-03-06T23:59:00Z'));
    for (const q of quotes) {
      const seed = instruments[q.instrumentId - 1]!.seed;
      expect(isMarketOpen(seed.session, q.timeMs, seed.sessionZone)).toBe(true);
    }
  });

  it('is silent all Saturday except for crypto', () => {
    const quotes = run(5, Date.parse('2026-03-07T00:00:00Z'), 86_400_000, 5_000);
    expect(new Set(quotes.map((q) => q.instrumentId))).toEqual(new Set([BTCUSD]));
  });

  it('reports status and staleness from the injected time', () => {
    let now = WEDNESDAY;
    const feed = new SimulatedFeed({ instruments, clock: { now: () => now }, seed: 1 });
    expect(feed.status(EURUSD, now)).toBe(1);
    expect(feed.isStale(EURUSD, now)).toBe(true); // no price yet
    feed.step(now);
    expect(feed.isStale(EURUSD, now)).toBe(false);
    expect(feed.latest(EURUSD)?.seq).toBe(1);
    const interval = seedOf('EURUSD').tickIntervalMs;
    expect(feed.isStale(EURUSD, now + 3 * interval)).toBe(false);
    expect(feed.isStale(EURUSD, now + 3 * interval + 1)).toBe(true); // no step: the feed fell silent
    const saturday = Date.parse('2026-03-07T12:00:00Z');
    expect(feed.status(EURUSD, saturday)).toBe(0);
    expect(feed.isStale(EURUSD, saturday)).toBe(false); // closed is not stale
    expect(feed.status(BTCUSD, saturday)).toBe(1);
    now = WEDNESDAY_US_OPEN;
    expect(feed.status(AAPL, WEDNESDAY)).toBe(0); // 09:00 in New York
    expect(feed.status(AAPL, now)).toBe(1);
  });

  it('applies a staff spread change from the next quote and refuses a bad one', () => {
    let now = WEDNESDAY;
    const feed = new SimulatedFeed({ instruments, clock: { now: () => now }, seed: 3 });
    feed.step(now);
    feed.setSpread(EURUSD, 40);
    now += 1000;
    feed.step(now);
    const q = feed.latest(EURUSD)!;
    expect(Math.round((q.ask - q.bid) * 1e5)).toBe(40);
    expect(() => feed.setSpread(EURUSD, 0)).toThrow(RangeError);
    expect(() => feed.setSpread(EURUSD, 1.5)).toThrow(RangeError);
    expect(() => feed.setSpread(999, 10)).toThrow(RangeError);
  });

  it('quotes afresh at once at a new precision, so nothing fills at the old quote read at the new one', () => {
    let now = WEDNESDAY;
    const feed = new SimulatedFeed({ instruments, clock: { now: () => now }, seed: 3 });
    const seen: Quote[] = [];
    feed.onQuote((q) => seen.push(q));
    feed.step(now);
    const before = feed.latest(EURUSD)!;
    now += 10;
    feed.reshape(EURUSD, { pricePrecision: 4, session: 'forex' }, now);
    const after = feed.latest(EURUSD)!;
    expect(after.seq).toBe(before.seq + 1);
    expect(after.timeMs).toBe(now);
    expect(seen.at(-1)).toBe(after); // published like any tick
    for (const price of [after.bid, after.ask, after.mid]) expect(Number(price.toFixed(4))).toBe(price);
    // The same precision again (a session edit): no extra quote.
    feed.reshape(EURUSD, { pricePrecision: 4, session: 'forex' }, now);
    expect(feed.latest(EURUSD)!.seq).toBe(after.seq);
  });

  it('continues from a start price and shows it as the latest quote before the first tick', () => {
    let now = Date.parse('2026-03-07T12:00:00Z'); // Saturday: forex closed
    const feed = new SimulatedFeed({ instruments, clock: { now: () => now }, seed: 3 });
    feed.setStartPrice(EURUSD, 1.2, Date.parse('2026-03-06T21:59:00Z'));
    feed.step(now);
    expect(feed.latest(EURUSD)).toMatchObject({ mid: 1.2, bid: 1.19994, ask: 1.20006, seq: 0 });
    now = Date.parse('2026-03-08T22:00:00Z');
    feed.step(now);
    const q = feed.latest(EURUSD)!;
    expect(q.seq).toBe(1);
    expect(Math.abs(q.mid / 1.2 - 1)).toBeLessThan(0.02); // a weekend gap, not a jump of a week's moves
  });

  /** Log moves of the first tick after a pause from `fromIso` to `toIso`, one per market seed. */
  const firstMoves = (code: string, fromIso: string, toIso: string, seeds = 400) => {
    const instrument = { id: 1, seed: seedOf(code) };
    return Array.from({ length: seeds }, (_, seed) => {
      const at = Date.parse(toIso);
      const feed = new SimulatedFeed({ instruments: [instrument], clock: { now: () => at }, seed });
      feed.setStartPrice(1, instrument.seed.referencePrice, Date.parse(fromIso));
      feed.step(at);
      return Math.log(feed.latest(1)!.mid / instrument.seed.referencePrice);
    });
  };
  const rms = (xs: number[]) => Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length);

  it('opens a session with a gap as large as a tenth of the closed time in trading time', () => {
    // Forex closed from Friday 22:00 to Sunday 22:00: 48 h, a gap with the variance of 4.8 h of trading.
    const moves = firstMoves('EURUSD', '2026-03-06T21:59:30Z', '2026-03-08T22:00:00Z');
    const variance = variancePerMs(seedOf('EURUSD'));
    const expected = Math.sqrt(variance * (48 * 3_600_000 * GAP_VARIANCE_SHARE));
    expect(rms(moves)).toBeGreaterThan(expected * 0.85);
    expect(rms(moves)).toBeLessThan(expected * 1.15);
    // A stock overnight (16:00 to 09:30 New York): larger in price terms than a currency's weekend.
    const overnight = firstMoves('AAPL', '2026-03-04T20:59:00Z', '2026-03-05T14:30:00Z');
    expect(rms(overnight)).toBeGreaterThan(0.005);
  });

  it('moves like at most five ordinary ticks after a pause inside a session (a stalled timer, a restart)', () => {
    const moves = firstMoves('EURUSD', '2026-03-04T08:00:00Z', '2026-03-04T14:00:00Z');
    const seed = seedOf('EURUSD');
    const expected = Math.sqrt(variancePerMs(seed) * 5 * seed.tickIntervalMs);
    expect(rms(moves)).toBeLessThan(expected * 1.2);
    expect(Math.max(...moves.map(Math.abs))).toBeLessThan(0.0005);
  });

  it('does not replay the same first moves after every restart: the stream is keyed by where it resumes', () => {
    const firstMove = (resumeAt: string) => {
      const at = Date.parse('2026-03-04T12:00:00Z');
      const feed = new SimulatedFeed({ instruments: [instruments[1]!], clock: { now: () => at }, seed: 5 });
      feed.setStartPrice(BTCUSD, 100_000, Date.parse(resumeAt));
      feed.step(at);
      return feed.latest(BTCUSD)!.mid;
    };
    expect(firstMove('2026-03-04T11:59:58Z')).toBe(firstMove('2026-03-04T11:59:58Z')); // same history, same market
    expect(firstMove('2026-03-04T11:59:58Z')).not.toBe(firstMove('2026-03-04T11:59:59Z'));
  });

  it('moves with the configured volatility (crypto, one simulated day)', () => {
    let now = WEDNESDAY;
    const feed = new SimulatedFeed({ instruments: [instruments[1]!], clock: { now: () => now }, seed: 11 });
    const closes: number[] = [];
    let last = 0;
    feed.onQuote((q) => {
      last = q.mid;
    });
    for (let minute = 0; minute < 1440; minute++) {
      for (let i = 0; i < 600; i++, now += 100) feed.step(now);
      closes.push(last);
    }
    const returns = closes.slice(1).map((c, i) => Math.log(c / closes[i]!));
    const variance = returns.reduce((s, r) => s + r * r, 0) / returns.length;
    const annualised = Math.sqrt(variance * 365.25 * 1440);
    expect(annualised).toBeGreaterThan(0.55 * 0.85);
    expect(annualised).toBeLessThan(0.55 * 1.15);
  });

  it('keeps going when a listener throws', () => {
    const errors: unknown[] = [];
    const feed = new SimulatedFeed({
      instruments,
      clock: { now: () => WEDNESDAY },
      seed: 1,
      onListenerError: (e) => errors.push(e),
    });
    const seen: Quote[] = [];
    feed.onQuote(() => {
      throw new Error('boom');
    });
    const off = feed.onQuote((q) => seen.push(q));
    feed.step(WEDNESDAY);
    expect(seen.length).toBeGreaterThan(0);
    expect(errors).toHaveLength(seen.length);
    const seenBefore = seen.length;
    off();
    feed.step(WEDNESDAY + 10_000);
    expect(seen.length).toBe(seenBefore); // unsubscribed
    expect(errors.length).toBeGreaterThan(seenBefore); // the throwing listener still runs
  });

  describe('start/stop', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('steps on a timer with the injected clock', () => {
      vi.useFakeTimers();
      let now = WEDNESDAY;
      const feed = new SimulatedFeed({ instruments, clock: { now: () => now }, seed: 1 });
      const quotes: Quote[] = [];
      feed.onQuote((q) => quotes.push(q));
      feed.start();
      for (let i = 0; i < 20; i++) {
        now += 100;
        vi.advanceTimersByTime(100);
      }
      feed.stop();
      const count = quotes.length;
      expect(count).toBeGreaterThan(5);
      now += 10_000;
      vi.advanceTimersByTime(10_000);
      expect(quotes.length).toBe(count);
    });
  });
});
