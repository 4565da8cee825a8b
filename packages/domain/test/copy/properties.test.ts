import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COPY_SIZING,
  type CopySizeInput,
  type CopySizing,
  copyLots,
  maxDrawdown,
  type PnlEvent,
  performanceFee,
  returnCurve,
  riskScore,
  timeWeightedReturn,
  winRate,
} from '../../src/copy/index.ts';
import { compareScaled, isMultipleOf, pow10, type Scaled, scaled } from '../../src/exact/scaled.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

// Arbitraries build lots and percents from integers (never a float); equities are safe integers.
const scaledOf = (max: bigint, maxScale: number) =>
  fc.record({ n: fc.bigInt({ min: 0n, max }), s: fc.integer({ min: 0, max: maxScale }) });
const lotStep = fc.constantFrom(scaled('0.01'), scaled('0.1'), scaled('1'), scaled('0.001'), scaled('0.05'));
const equityMicros = fc.oneof(
  fc.integer({ min: 1, max: 10_000_000_000 }),
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
);
const sizing = fc.constantFrom<CopySizing>(COPY_SIZING.EQUITY_RATIO, COPY_SIZING.FIXED_MULTIPLIER);
const sizeInput: fc.Arbitrary<CopySizeInput> = fc.record({
  providerLots: scaledOf(1_000_000n, 3),
  sizing,
  multiplier: scaledOf(1_000n, 2),
  followerEquityMicros: equityMicros,
  providerEquityMicros: equityMicros,
  lotStep,
  minLots: scaledOf(100n, 2),
  maxLotsPerCopy: fc.option(scaledOf(100_000n, 3)),
  instrumentMaxLots: fc.option(scaledOf(100_000n, 2)),
});

/** The exact unrounded copy size as a fraction, written independently of copyLots. */
function exactSize(i: CopySizeInput): { num: bigint; den: bigint } {
  const ratio = i.sizing === COPY_SIZING.EQUITY_RATIO;
  return {
    num: i.providerLots.n * i.multiplier.n * (ratio ? BigInt(i.followerEquityMicros) : 1n),
    den: pow10(i.providerLots.s + i.multiplier.s) * (ratio ? BigInt(i.providerEquityMicros) : 1n),
  };
}
/** a (a Scaled) compared with num / den. */
const cmpFraction = (a: Scaled, num: bigint, den: bigint) => {
  const l = a.n * den;
  const r = num * pow10(a.s);
  return l < r ? -1 : l > r ? 1 : 0;
};

describe('copyLots properties', () => {
  it('an answer is a positive multiple of the step, at least the minimum, in canonical scale', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(sizeInput, (input) => {
        const r = copyLots(input);
        if (!r.ok) return;
        expect(isMultipleOf(r.lots, input.lotStep)).toBe(true);
        expect(r.lots.n > 0n).toBe(true);
        expect(compareScaled(r.lots, input.minLots)).toBeGreaterThanOrEqual(0);
        expect(r.lots.s === 0 || r.lots.n % 10n !== 0n).toBe(true);
      }),
    );
  });

  it('is never above the caps nor the exact ratio, and is the largest step multiple that is not', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(sizeInput, (input) => {
        const r = copyLots(input);
        if (!r.ok) return;
        const { num, den } = exactSize(input);
        expect(cmpFraction(r.lots, num, den)).toBeLessThanOrEqual(0);
        const caps = [input.maxLotsPerCopy, input.instrumentMaxLots].filter((c): c is Scaled => c !== null);
        for (const cap of caps) expect(compareScaled(r.lots, cap)).toBeLessThanOrEqual(0);
        // one more step would pass the exact size or a cap: the rounding is down by less than a step
        const next = {
          n: r.lots.n * pow10(input.lotStep.s) + input.lotStep.n * pow10(r.lots.s),
          s: r.lots.s + input.lotStep.s,
        };
        const nextTooBig =
          cmpFraction(next, num, den) > 0 || caps.some((cap) => compareScaled(next, cap) > 0);
        expect(nextTooBig).toBe(true);
      }),
    );
  });

  it('is monotone in the follower equity', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(sizeInput, equityMicros, (input, other) => {
        const low = Math.min(input.followerEquityMicros, other);
        const high = Math.max(input.followerEquityMicros, other);
        const a = copyLots({ ...input, followerEquityMicros: low });
        const b = copyLots({ ...input, followerEquityMicros: high });
        if (a.ok) {
          expect(b.ok).toBe(true);
          if (b.ok) expect(compareScaled(a.lots, b.lots)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });
});

// Events with a base of 1 micro .. 1 000 000 USD and a result from losing it all to tripling it
// (scaled by up to 4 000 below, that stays under 2^53 micro-dollars).
const event = (minMs: number, maxMs: number): fc.Arbitrary<PnlEvent> =>
  fc
    .record({
      atMs: fc.integer({ min: minMs, max: maxMs }),
      cashBeforeMicros: fc.integer({ min: 1, max: 1_000_000_000_000 }),
      per: fc.integer({ min: -1_000_000, max: 2_000_000 }), // pnl per million of the base
    })
    .map(({ atMs, cashBeforeMicros, per }) => ({
      atMs,
      cashBeforeMicros,
      pnlMicros: Number((BigInt(cashBeforeMicros) * BigInt(per)) / 1_000_000n),
    }));
const events = (minMs: number, maxMs: number) => fc.array(event(minMs, maxMs), { maxLength: 12 });

describe('time-weighted return properties', () => {
  it('is 0 when every result is 0, whatever the bases', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(events(0, 1_000), (es) => {
        expect(timeWeightedReturn(es.map((e) => ({ ...e, pnlMicros: 0 })))).toBe('0');
      }),
    );
  });

  it('ignores deposits: scaling each base and its result by any factor leaves it unchanged', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    // A deposit before an event multiplies that event's base; the same trade made with more money
    // has a proportionally larger result. Per-event factors cover money moving between events.
    fc.assert(
      fc.property(
        events(0, 1_000).chain((es) =>
          fc.tuple(
            fc.constant(es),
            fc.array(fc.integer({ min: 1, max: 4_000 }), { minLength: es.length, maxLength: es.length }),
          ),
        ),
        ([es, ks]) => {
          const moved = es.map((e, i) => ({
            ...e,
            cashBeforeMicros: e.cashBeforeMicros * ks[i]!,
            pnlMicros: e.pnlMicros * ks[i]!,
          }));
          expect(timeWeightedReturn(moved)).toBe(timeWeightedReturn(es));
        },
      ),
    );
  });

  it('composes: growth over two periods is the product of their growths (within the 6-decimal rounding)', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(events(0, 999), events(1_000, 2_000), (first, second) => {
        const a = new Decimal(timeWeightedReturn(first)).plus(1);
        const b = new Decimal(timeWeightedReturn(second)).plus(1);
        const both = new Decimal(timeWeightedReturn([...first, ...second])).plus(1);
        expect(new Decimal(timeWeightedReturn(second, 1_000)).plus(1).eq(b)).toBe(true);
        // each shown figure is within 0.0000005 of its exact value: a' b' − ab ≤ 5e-7 (a + b) + (5e-7)²
        const tolerance = new Decimal('0.0000005').times(a.plus(b).plus(1)).plus('1e-12');
        expect(both.minus(a.times(b)).abs().lte(tolerance)).toBe(true);
      }),
    );
  });

  it('is never below −100 %; the curve ends at the TWR; its drawdown is a fraction and scores 1..10', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    const buckets = Array.from({ length: 10 }, (_, i) => ({ startMs: i * 100, endMs: (i + 1) * 100 }));
    fc.assert(
      fc.property(events(0, 999), (es) => {
        const twr = timeWeightedReturn(es);
        expect(new Decimal(twr).gte(-1)).toBe(true);
        const curve = returnCurve(es, 0, buckets);
        expect(curve[curve.length - 1]!.rate).toBe(twr);
        const dd = new Decimal(maxDrawdown(curve));
        expect(dd.gte(0) && dd.lte(1)).toBe(true);
        const score = riskScore(dd.toFixed());
        expect(score >= 1 && score <= 10).toBe(true);
      }),
    );
  });
});

describe('performance fee properties', () => {
  const micros = fc.integer({ min: -1_000_000_000_000_000, max: 1_000_000_000_000_000 });
  const percent = fc
    .record({ n: fc.integer({ min: 0, max: 50_000 }), s: fc.constant(3) })
    .map(({ n }) => scaled(new Decimal(n).div(1_000).toFixed()));

  it('never charges below the mark, rounds down exactly, and fee + new mark is the equity', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(micros, micros, percent, (equityMicros, highWaterMarkMicros, feePercent) => {
        const { feeMicros, newHighWaterMarkMicros } = performanceFee({
          equityMicros,
          highWaterMarkMicros,
          feePercent,
        });
        expect(feeMicros).toBeGreaterThanOrEqual(0);
        expect(newHighWaterMarkMicros).toBeGreaterThanOrEqual(highWaterMarkMicros);
        if (equityMicros <= highWaterMarkMicros) {
          expect(feeMicros).toBe(0);
          expect(newHighWaterMarkMicros).toBe(highWaterMarkMicros);
          return;
        }
        expect(feeMicros + newHighWaterMarkMicros).toBe(equityMicros);
        // fee ≤ gain × percent / 100 < fee + 1, in integers
        const gainTimesPercent = BigInt(equityMicros - highWaterMarkMicros) * feePercent.n;
        const unit = 100n * pow10(feePercent.s);
        expect(BigInt(feeMicros) * unit <= gainTimesPercent).toBe(true);
        expect(gainTimesPercent < BigInt(feeMicros + 1) * unit).toBe(true);
        // settling again right after charges nothing
        const again = performanceFee({
          equityMicros: equityMicros - feeMicros,
          highWaterMarkMicros: newHighWaterMarkMicros,
          feePercent,
        });
        expect(again.feeMicros).toBe(0);
      }),
    );
  });
});

describe('win rate properties', () => {
  it('is in [0, 1] and within half a millionth of wins / count', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    const trade = fc.record({
      closedAtMs: fc.integer({ min: 0, max: 1_000 }),
      netMicros: fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(trade, { maxLength: 300 }),
        fc.option(fc.integer({ min: 0, max: 1_000 })),
        (trades, from) => {
          const fromMs = from ?? undefined;
          const rate = new Decimal(winRate(trades, fromMs));
          expect(rate.gte(0) && rate.lte(1)).toBe(true);
          const window = trades.filter((t) => fromMs === undefined || t.closedAtMs >= fromMs);
          if (window.length === 0) {
            expect(rate.isZero()).toBe(true);
            return;
          }
          const exact = new Decimal(window.filter((t) => t.netMicros > 0).length).div(window.length);
          expect(rate.minus(exact).abs().lte('0.0000005')).toBe(true);
        },
      ),
    );
  });
});
