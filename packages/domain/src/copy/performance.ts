import Decimal from 'decimal.js';
import { compareScaled, divRound, formatScaled, pow10, type Scaled, scaled } from '../exact/scaled.ts';

/**
 * A signal provider's figures, from the real results on their own account. These rank providers
 * on the copy-trading pages, so each is defined exactly here.
 *
 * Window. Every figure takes the events (or closed trades) at or after `fromMs` (all of them when
 * it is omitted), so "30 days" is `fromMs = now − 30 days`.
 *
 * Time-weighted return (TWR). Each trading result i has a return r_i = pnl_i / cashBefore_i
 * against the account's base just before it (balance + margin + frozen). The TWR is
 *   Π (1 + r_i) − 1
 * the growth of one dollar that had taken every trade. Deposits and withdrawals only move the
 * base, never a factor, so money added is not counted as profit and a large account earns no more
 * than a small one with the same trades: +10 % on 1 000 then, after a 10 000 deposit, +10 % on
 * 11 100 is +21 %, not +1 210 / 1 000. Only realised results count (open positions' floating
 * profit is not an event). An event with a base ≤ 0 has no return and is skipped. A factor below
 * 0 (a loss larger than the base, as a stop-out past zero can leave) counts as 0: the dollar is
 * gone, and a negative factor would flip the sign of every later result; the window's TWR is then
 * −100 %. Factors are multiplied in time order with decimal.js at 20 significant digits, and the
 * result is rounded half-even to 6 decimals as the shortest text ('0.1234' = +12.34 %, '-0.05',
 * '0'). Growth is a product, so the TWR of two windows chains: (1 + a)(1 + b) − 1.
 *
 * Return curve. For each bucket [startMs, endMs) the TWR from `fromMs` of the events before
 * `endMs`, dated `endMs` (an event exactly on a boundary belongs to the later bucket). Cumulative:
 * the last point of a curve covering every event equals `timeWeightedReturn(events, fromMs)`.
 *
 * Maximum drawdown. Over the growth index G = 1 + rate of the curve's points, starting from
 * G = 1 at the window's start, the largest fall (peak − G) / peak from the highest G so far; a
 * positive fraction rounded half-even to 6 decimals, '0' when the index never falls. It is sampled
 * at the points given: a fall and recovery inside one bucket is not seen (finer buckets see more).
 *
 * Risk score. 1..10 from the maximum drawdown: ≤ 2 % → 1, ≤ 5 % → 2, ≤ 10 % → 3, ≤ 15 % → 4,
 * ≤ 20 % → 5, ≤ 30 % → 6, ≤ 40 % → 7, ≤ 50 % → 8, ≤ 70 % → 9, above → 10.
 *
 * Win rate. Among the window's closed trades, the share whose net result (realised profit − fees)
 * is above 0 (a trade that only covers its fees is not a win), exactly rounded half-even to
 * 6 decimals; '0' when there are none. Net profit: the sum of those net results in micro-dollars.
 */

/** One trading result on the provider's own account, in the order it happened. */
export interface PnlEvent {
  atMs: number;
  pnlMicros: number;
  /** Balance + margin + frozen just before the event (external flows only move this base). */
  cashBeforeMicros: number;
}

/** Closed trades: net result = realised profit − fees, in micros. */
export interface ClosedTrade {
  closedAtMs: number;
  netMicros: number;
}

/** 20 significant digits: far beyond the 6 decimals shown, cheap enough for thousands of events. */
const D = Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_EVEN });
type D = Decimal;
const ONE = new D(1);
const ZERO = new D(0);
const RATE_PLACES = 6;

/** The TWR of the events at or after `fromMs` (see the header): a decimal string, 6 decimals. */
export function timeWeightedReturn(events: readonly PnlEvent[], fromMs?: number): string {
  const factors = factorsInOrder(events, fromMs);
  let growth = ONE;
  for (const f of factors) growth = growth.times(f.factor);
  return rateText(growth.minus(ONE));
}

/** The cumulative TWR from `fromMs` at the end of each bucket, for the provider page's chart. */
export function returnCurve(
  events: readonly PnlEvent[],
  fromMs: number,
  buckets: { startMs: number; endMs: number }[],
): Array<{ atMs: number; rate: string }> {
  const factors = factorsInOrder(events, fromMs);
  // growthAfter[k] = the product of the first k factors, computed in the same order as
  // timeWeightedReturn so the two agree to the last digit.
  const growthAfter: D[] = [ONE];
  for (const f of factors) growthAfter.push(growthAfter[growthAfter.length - 1]!.times(f.factor));
  return buckets.map(({ endMs }) => {
    const k = countBefore(factors, endMs);
    return { atMs: endMs, rate: rateText(growthAfter[k]!.minus(ONE)) };
  });
}

/** The largest peak-to-trough fall of 1 + rate along the curve (see the header). */
export function maxDrawdown(curve: readonly { rate: string }[]): string {
  let peak = ONE;
  let worst = ZERO;
  for (const point of curve) {
    let g = ONE.plus(rateOf(point.rate));
    if (g.isNegative()) g = ZERO; // nothing is lower than losing everything
    if (g.gt(peak)) peak = g;
    else {
      const fall = peak.minus(g).div(peak);
      if (fall.gt(worst)) worst = fall;
    }
  }
  return rateText(worst);
}

/** [largest drawdown fraction of the band, its score], in rising order; above the last → 10. */
const RISK_BANDS: ReadonlyArray<readonly [Scaled, number]> = (
  [
    ['0.02', 1],
    ['0.05', 2],
    ['0.1', 3],
    ['0.15', 4],
    ['0.2', 5],
    ['0.3', 6],
    ['0.4', 7],
    ['0.5', 8],
    ['0.7', 9],
  ] as const
).map(([max, score]) => [scaled(max), score] as const);

/** 1..10 from a maximum drawdown fraction ('0.12' = 12 %), compared exactly. */
export function riskScore(maxDrawdownFraction: string): number {
  const dd = scaled(maxDrawdownFraction);
  for (const [max, score] of RISK_BANDS) if (compareScaled(dd, max) <= 0) return score;
  return 10;
}

/** Wins (net > 0) / trades in the window, half-even to 6 decimals; '0' with no trades. */
export function winRate(trades: readonly ClosedTrade[], fromMs?: number): string {
  let count = 0;
  let wins = 0;
  for (const t of trades) {
    if (fromMs !== undefined && t.closedAtMs < fromMs) continue;
    checkMicros(t.netMicros, 'netMicros');
    count++;
    if (t.netMicros > 0) wins++;
  }
  if (count === 0) return '0';
  // Integer division rounded once: exact, no decimal type needed.
  return formatScaled(divRound(BigInt(wins) * pow10(RATE_PLACES), BigInt(count), 'half_even'), RATE_PLACES);
}

/** The sum of the window's net results, in micro-dollars (refused past what a Number holds exactly). */
export function netProfitMicros(trades: readonly ClosedTrade[], fromMs?: number): number {
  let sum = 0;
  for (const t of trades) {
    if (fromMs !== undefined && t.closedAtMs < fromMs) continue;
    checkMicros(t.netMicros, 'netMicros');
    // Two safe integers add exactly whenever their sum is itself safe, so checking the sum suffices.
    sum += t.netMicros;
    if (!Number.isSafeInteger(sum)) throw new RangeError('net profit is beyond what a Number holds exactly');
  }
  return sum;
}

interface Factor {
  atMs: number;
  factor: D;
}

/** The window's growth factors 1 + pnl / cashBefore (≥ 0), in time order (stable for ties). */
function factorsInOrder(events: readonly PnlEvent[], fromMs: number | undefined): Factor[] {
  const factors: Factor[] = [];
  for (const e of events) {
    if (fromMs !== undefined && e.atMs < fromMs) continue;
    checkMicros(e.pnlMicros, 'pnlMicros');
    checkMicros(e.cashBeforeMicros, 'cashBeforeMicros');
    if (e.cashBeforeMicros <= 0) continue; // no base, no return
    const factor = ONE.plus(new D(e.pnlMicros).div(e.cashBeforeMicros));
    factors.push({ atMs: e.atMs, factor: factor.isNegative() ? ZERO : factor });
  }
  return factors.sort((a, b) => a.atMs - b.atMs);
}

/** How many factors (sorted by time) happened before `endMs`. */
function countBefore(factors: readonly Factor[], endMs: number): number {
  let lo = 0;
  let hi = factors.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (factors[mid]!.atMs < endMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A rate as shown and sent: half-even to 6 decimals, shortest text, never '-0'. */
function rateText(d: D): string {
  const r = d.toDecimalPlaces(RATE_PLACES, Decimal.ROUND_HALF_EVEN);
  return r.isZero() ? '0' : r.toFixed();
}

/** A rate text from a curve; a malformed one is a programming error (scaled() throws). */
function rateOf(text: string): D {
  scaled(text);
  return new D(text);
}

function checkMicros(v: number, name: string): void {
  if (!Number.isSafeInteger(v)) throw new RangeError(`${name} must be a safe integer, got ${v}`);
}
