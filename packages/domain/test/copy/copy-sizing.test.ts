import { describe, expect, it } from 'vitest';
import { COPY_SIZING, type CopySizeInput, copyLots } from '../../src/copy/index.ts';
import { scaled } from '../../src/exact/scaled.ts';

const USD = 1_000_000;

/** A provider with 100 000 USD, a follower with 5 000 USD, plain ratio, 0.01-lot steps, no caps. */
const base: CopySizeInput = {
  providerLots: scaled('2'),
  sizing: COPY_SIZING.EQUITY_RATIO,
  multiplier: scaled('1'),
  followerEquityMicros: 5_000 * USD,
  providerEquityMicros: 100_000 * USD,
  lotStep: scaled('0.01'),
  minLots: scaled('0.01'),
  maxLotsPerCopy: null,
  instrumentMaxLots: null,
};
const sized = (over: Partial<CopySizeInput>) => copyLots({ ...base, ...over });

describe('copyLots: equity ratio', () => {
  it.each([
    // [provider lots, follower USD, provider USD, multiplier, expected]
    ['2', 5_000, 100_000, '1', '0.1'], // 2 × 5 000 / 100 000 = 0.1
    ['1.37', 3_000, 10_000, '1', '0.41'], // 1.37 × 0.3 = 0.411 → down to 0.41
    ['1.37', 3_000, 10_000, '1.5', '0.61'], // 1.37 × 0.3 × 1.5 = 0.6165 → 0.61
    ['1', 1, 3, '1', '0.33'], // 1 / 3 = 0.333… → 0.33, rounded once from the exact ratio
    ['0.5', 20_000, 10_000, '1', '1'], // a follower larger than the provider copies more: 0.5 × 2 = 1
    // float 0.29 × 100 is 28.999999999999996: an exact ratio keeps 0.29, a float floor gave 0.28
    ['0.29', 1_000_000, 1_000_000, '1', '0.29'],
  ])('%s lots × %i / %i × %s = %s lots', (lots, follower, provider, mult, expected) => {
    const r = sized({
      providerLots: scaled(lots),
      followerEquityMicros: follower * USD,
      providerEquityMicros: provider * USD,
      multiplier: scaled(mult),
    });
    expect(r).toEqual({ ok: true, lots: scaled(expected) });
  });

  it('answers the canonical scale: 0.50 × 4 000 / 1 000 = 2.0000 is { n: 2n, s: 0 }', () => {
    const r = sized({
      providerLots: scaled('0.50'),
      followerEquityMicros: 4_000 * USD,
      providerEquityMicros: 1_000 * USD,
    });
    expect(r).toEqual({ ok: true, lots: { n: 2n, s: 0 } });
  });

  it('holds equities up to 2^53 micro-dollars exactly', () => {
    // 1 lot × (2^53 − 1) / (2^53 − 2): just above 1, floors to exactly 1
    const r = sized({
      providerLots: scaled('1'),
      followerEquityMicros: Number.MAX_SAFE_INTEGER,
      providerEquityMicros: Number.MAX_SAFE_INTEGER - 1,
    });
    expect(r).toEqual({ ok: true, lots: scaled('1') });
  });

  it('refuses a provider or a follower without equity', () => {
    expect(sized({ providerEquityMicros: 0 })).toEqual({ ok: false, reason: 'provider_equity_not_positive' });
    expect(sized({ providerEquityMicros: -5 })).toEqual({
      ok: false,
      reason: 'provider_equity_not_positive',
    });
    expect(sized({ followerEquityMicros: 0 })).toEqual({ ok: false, reason: 'follower_equity_not_positive' });
    expect(sized({ followerEquityMicros: -1 })).toEqual({
      ok: false,
      reason: 'follower_equity_not_positive',
    });
  });
});

describe('copyLots: fixed multiplier', () => {
  it('0.75 lots × 2.5 = 1.875 → 1.87 at 0.01 steps, 1.8 at 0.1 steps, whatever the equities', () => {
    const fixed = {
      sizing: COPY_SIZING.FIXED_MULTIPLIER,
      providerLots: scaled('0.75'),
      multiplier: scaled('2.5'),
    };
    expect(sized(fixed)).toEqual({ ok: true, lots: scaled('1.87') });
    expect(sized({ ...fixed, lotStep: scaled('0.1') })).toEqual({ ok: true, lots: scaled('1.8') });
    // the provider's equity does not enter the size, so it does not refuse one either
    expect(sized({ ...fixed, providerEquityMicros: 0 })).toEqual({ ok: true, lots: scaled('1.87') });
  });

  it('still refuses a follower allocation without equity', () => {
    expect(sized({ sizing: COPY_SIZING.FIXED_MULTIPLIER, followerEquityMicros: 0 })).toEqual({
      ok: false,
      reason: 'follower_equity_not_positive',
    });
  });
});

describe('copyLots: caps and minimum', () => {
  // 3.456 lots × 1 000 / 1 000 = 3.456 → 3.45 before any cap
  const big = {
    providerLots: scaled('3.456'),
    followerEquityMicros: 1_000 * USD,
    providerEquityMicros: 1_000 * USD,
  };

  it('caps at the follower maximum, itself rounded down to the step: 2.005 → 2', () => {
    expect(sized({ ...big, maxLotsPerCopy: scaled('2.005') })).toEqual({ ok: true, lots: scaled('2') });
  });

  it('caps at the smaller of the follower and the instrument maximum', () => {
    const both = { maxLotsPerCopy: scaled('2.005'), instrumentMaxLots: scaled('1.5') };
    expect(sized({ ...big, ...both })).toEqual({ ok: true, lots: scaled('1.5') });
    expect(sized({ ...big, instrumentMaxLots: scaled('50') })).toEqual({ ok: true, lots: scaled('3.45') });
  });

  it('refuses a copy that rounds to 0: 0.5 × 1 000 / 100 000 = 0.005 → 0 lots', () => {
    const r = sized({ providerLots: scaled('0.5'), followerEquityMicros: 1_000 * USD });
    expect(r).toEqual({ ok: false, reason: 'below_min_lots' });
  });

  it('refuses a copy below the instrument minimum, even one that is not a multiple of the step', () => {
    // 0.8 × 5 000 / 100 000 = 0.04 < 0.05
    const r = sized({ providerLots: scaled('0.8'), minLots: scaled('0.05') });
    expect(r).toEqual({ ok: false, reason: 'below_min_lots' });
    // 0.2 lots with a 0.15 minimum: 0.2 ≥ 0.15, fine although 0.15 is no multiple of 0.1
    const ok = sized({ providerLots: scaled('4'), lotStep: scaled('0.1'), minLots: scaled('0.15') });
    expect(ok).toEqual({ ok: true, lots: scaled('0.2') });
  });

  it('refuses when a cap is below the minimum (or rounds to 0 steps)', () => {
    expect(sized({ ...big, maxLotsPerCopy: scaled('0.009') })).toEqual({
      ok: false,
      reason: 'below_min_lots',
    });
    expect(sized({ ...big, minLots: scaled('1'), instrumentMaxLots: scaled('0.5') })).toEqual({
      ok: false,
      reason: 'below_min_lots',
    });
  });

  it('treats malformed input as a bug', () => {
    expect(() => sized({ lotStep: scaled('0') })).toThrow(RangeError);
    expect(() => sized({ multiplier: scaled('-1') })).toThrow(RangeError);
    expect(() => sized({ providerLots: scaled('-0.01') })).toThrow(RangeError);
    expect(() => sized({ maxLotsPerCopy: scaled('-1') })).toThrow(RangeError);
    expect(() => sized({ followerEquityMicros: 0.5 })).toThrow(RangeError);
    expect(() => sized({ providerEquityMicros: 2 ** 53 })).toThrow(RangeError);
    expect(() => sized({ sizing: 3 as never })).toThrow(RangeError);
  });
});
