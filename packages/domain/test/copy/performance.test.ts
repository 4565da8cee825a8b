import { describe, expect, it } from 'vitest';
import {
  type ClosedTrade,
  maxDrawdown,
  netProfitMicros,
  type PnlEvent,
  returnCurve,
  riskScore,
  timeWeightedReturn,
  winRate,
} from '../../src/copy/index.ts';

const USD = 1_000_000;
const ev = (atMs: number, pnlUsd: number, cashBeforeUsd: number): PnlEvent => ({
  atMs,
  pnlMicros: pnlUsd * USD,
  cashBeforeMicros: cashBeforeUsd * USD,
});

describe('timeWeightedReturn', () => {
  it('does not count a deposit as profit: +10 % on 1 000, deposit 10 000, +10 % on 11 100 → +21 %', () => {
    // (1 + 100 / 1 000) × (1 + 1 110 / 11 100) − 1 = 1.1 × 1.1 − 1 = 0.21; the 10 000 deposit only
    // moved the second base (1 100 → 11 100). Money-weighted it would read 1 210 / 1 000 = 121 %.
    expect(timeWeightedReturn([ev(1, 100, 1_000), ev(2, 1_110, 11_100)])).toBe('0.21');
  });

  it('chains losses and gains: −50 % then +50 % is 0.5 × 1.5 − 1 = −25 %', () => {
    expect(timeWeightedReturn([ev(1, -500, 1_000), ev(2, 250, 500)])).toBe('-0.25');
  });

  it('is 0 with no events', () => {
    expect(timeWeightedReturn([])).toBe('0');
  });

  it('takes only events at or after fromMs', () => {
    const events = [ev(100, -500, 1_000), ev(200, 100, 1_000), ev(300, 110, 1_100)];
    expect(timeWeightedReturn(events, 200)).toBe('0.21'); // the −50 % at 100 is before the window
    expect(timeWeightedReturn(events, 201)).toBe('0.1');
    expect(timeWeightedReturn(events, 301)).toBe('0');
  });

  it('skips an event with no base (cashBefore ≤ 0)', () => {
    expect(timeWeightedReturn([ev(1, 50, 0), ev(2, 30, -10), ev(3, 10, 100)])).toBe('0.1');
  });

  it('counts a loss beyond the base as −100 %, and nothing after brings the dollar back', () => {
    // a stop-out past zero: −150 on a base of 100 is a factor of −0.5, counted as 0
    expect(timeWeightedReturn([ev(1, -150, 100)])).toBe('-1');
    expect(timeWeightedReturn([ev(1, -150, 100), ev(2, 10, 100)])).toBe('-1');
  });

  it('rounds half-even to 6 decimals', () => {
    // 1 / 3 = 0.333333…; 2 / 3 = 0.666666… → 0.666667
    expect(timeWeightedReturn([{ atMs: 1, pnlMicros: 1, cashBeforeMicros: 3 }])).toBe('0.333333');
    expect(timeWeightedReturn([{ atMs: 1, pnlMicros: 2, cashBeforeMicros: 3 }])).toBe('0.666667');
    // 1 000 005 / 10 000 000 = 0.1000005: a tie, to the even 0.100000; 0.1000015 → 0.100002
    expect(timeWeightedReturn([{ atMs: 1, pnlMicros: 1_000_005, cashBeforeMicros: 10_000_000 }])).toBe('0.1');
    expect(timeWeightedReturn([{ atMs: 1, pnlMicros: 1_000_015, cashBeforeMicros: 10_000_000 }])).toBe(
      '0.100002',
    );
    // 1 micro on 8 USD = 0.000000125 → 0, never '-0' for a tiny loss either
    expect(timeWeightedReturn([{ atMs: 1, pnlMicros: -1, cashBeforeMicros: 8 * USD }])).toBe('0');
  });

  it('multiplies in time order whatever order the events come in', () => {
    const a = [ev(1, 100, 1_000), ev(2, -330, 1_100), ev(3, 77, 770)];
    expect(timeWeightedReturn([a[2]!, a[0]!, a[1]!])).toBe(timeWeightedReturn(a));
  });

  it('refuses micro-dollars that are not safe integers', () => {
    expect(() => timeWeightedReturn([{ atMs: 1, pnlMicros: 0.5, cashBeforeMicros: 10 }])).toThrow(RangeError);
  });
});

describe('returnCurve', () => {
  // +10 % at 10, +10 % at 20, −50 % at 30: growth 1.1, 1.21, 0.605
  const events = [ev(10, 100, 1_000), ev(20, 110, 1_100), ev(30, -605, 1_210)];
  const buckets = [
    { startMs: 0, endMs: 15 },
    { startMs: 15, endMs: 25 },
    { startMs: 25, endMs: 35 },
    { startMs: 35, endMs: 45 },
  ];

  it('is the cumulative TWR at each bucket end', () => {
    expect(returnCurve(events, 0, buckets)).toEqual([
      { atMs: 15, rate: '0.1' },
      { atMs: 25, rate: '0.21' },
      { atMs: 35, rate: '-0.395' }, // 1.21 × 0.5 − 1
      { atMs: 45, rate: '-0.395' },
    ]);
  });

  it('puts an event on a boundary in the later bucket, and starts at fromMs', () => {
    expect(returnCurve(events, 0, [{ startMs: 0, endMs: 20 }])).toEqual([{ atMs: 20, rate: '0.1' }]);
    expect(returnCurve(events, 11, buckets).map((p) => p.rate)).toEqual(['0', '0.1', '-0.45', '-0.45']);
  });

  it('ends where timeWeightedReturn does', () => {
    const curve = returnCurve(events, 0, buckets);
    expect(curve[curve.length - 1]!.rate).toBe(timeWeightedReturn(events, 0));
  });
});

describe('maxDrawdown and riskScore', () => {
  it('is the largest fall from a peak: 1.21 → 0.605 is 50 %', () => {
    // growth 1.1, 1.21, 0.605, 0.9: peak 1.21, trough 0.605, (1.21 − 0.605) / 1.21 = 0.5
    expect(maxDrawdown([{ rate: '0.1' }, { rate: '0.21' }, { rate: '-0.395' }, { rate: '-0.1' }])).toBe(
      '0.5',
    );
  });

  it('measures from the start (growth 1) and rounds half-even to 6 decimals', () => {
    expect(maxDrawdown([{ rate: '-0.1' }])).toBe('0.1');
    // peak 1.5, then 1: 0.5 / 1.5 = 0.333333…
    expect(maxDrawdown([{ rate: '0.5' }, { rate: '0' }])).toBe('0.333333');
  });

  it("is '0' when the index never falls", () => {
    expect(maxDrawdown([])).toBe('0');
    expect(maxDrawdown([{ rate: '0' }, { rate: '0.1' }, { rate: '0.1' }, { rate: '0.3' }])).toBe('0');
  });

  it('refuses a malformed rate', () => {
    expect(() => maxDrawdown([{ rate: '1e-3' }])).toThrow(RangeError);
  });

  it.each([
    ['0', 1],
    ['0.02', 1],
    ['0.020001', 2],
    ['0.05', 2],
    ['0.1', 3],
    ['0.15', 4],
    ['0.2', 5],
    ['0.25', 6],
    ['0.3', 6],
    ['0.4', 7],
    ['0.5', 8],
    ['0.7', 9],
    ['0.700001', 10],
    ['1', 10],
  ])('a drawdown of %s scores %i', (dd, score) => {
    expect(riskScore(dd)).toBe(score);
  });
});

describe('winRate and netProfitMicros', () => {
  const trades: ClosedTrade[] = [
    { closedAtMs: 1, netMicros: 100 * USD },
    { closedAtMs: 2, netMicros: -50 * USD },
    { closedAtMs: 3, netMicros: 0 }, // covered its fees only: not a win
    { closedAtMs: 4, netMicros: 25 * USD },
  ];

  it('counts wins (net > 0) over all trades: 2 / 4 = 0.5', () => {
    expect(winRate(trades)).toBe('0.5');
    expect(winRate(trades, 2)).toBe('0.333333'); // 1 / 3
    expect(winRate(trades, 4)).toBe('1');
    expect(winRate(trades, 5)).toBe('0');
    expect(winRate([])).toBe('0');
  });

  it('rounds half-even: 1 / 128 = 0.0078125 → 0.007812, 3 / 128 = 0.0234375 → 0.023438', () => {
    const of = (wins: number) =>
      Array.from({ length: 128 }, (_, i) => ({ closedAtMs: i, netMicros: i < wins ? 1 : -1 }));
    expect(winRate(of(1))).toBe('0.007812');
    expect(winRate(of(3))).toBe('0.023438');
  });

  it('sums net results in the window: 100 − 50 + 0 + 25 = 75 USD', () => {
    expect(netProfitMicros(trades)).toBe(75 * USD);
    expect(netProfitMicros(trades, 2)).toBe(-25 * USD);
    expect(netProfitMicros([])).toBe(0);
  });

  it('refuses a sum past what a Number holds exactly', () => {
    const huge = { closedAtMs: 1, netMicros: Number.MAX_SAFE_INTEGER };
    expect(() => netProfitMicros([huge, { closedAtMs: 2, netMicros: 1 }])).toThrow(RangeError);
    expect(netProfitMicros([huge, { closedAtMs: 2, netMicros: -1 }])).toBe(Number.MAX_SAFE_INTEGER - 1);
  });
});
