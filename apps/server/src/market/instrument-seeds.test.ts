import { lotLimitProblems, maxSpreadPoints, SESSION_KINDS } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { CATEGORY_SEEDS } from './category-seeds.ts';
import { INSTRUMENT_SEEDS } from './instrument-seeds.ts';

const decimal = /^\d+(\.\d+)?$/;

describe('seeded instruments and categories', () => {
  it('has about 40 instruments with unique codes in the six categories', () => {
    expect(INSTRUMENT_SEEDS.length).toBeGreaterThanOrEqual(38);
    expect(new Set(INSTRUMENT_SEEDS.map((s) => s.code)).size).toBe(INSTRUMENT_SEEDS.length);
    const keys = CATEGORY_SEEDS.map((c) => c.key);
    expect(keys).toEqual(['forex', 'metals', 'energy', 'indices', 'crypto', 'stocks']);
    for (const key of keys) expect(INSTRUMENT_SEEDS.some((s) => s.category === key)).toBe(true);
    expect(INSTRUMENT_SEEDS.filter((s) => s.category === 'forex').length).toBeGreaterThanOrEqual(14);
  });

  it.each(INSTRUMENT_SEEDS.map((s) => [s.code, s] as const))('%s has sane terms', (_code, s) => {
    expect(Number.isInteger(s.pricePrecision) && s.pricePrecision >= 0 && s.pricePrecision <= 6).toBe(true);
    for (const value of [s.lotStep, s.minLots, s.contractSize, s.feeRate]) expect(value).toMatch(decimal);
    expect(Number(s.minLots)).toBeGreaterThanOrEqual(Number(s.lotStep));
    // What the back office would refuse (limits default to the database's 50 per order, 200 open).
    expect(lotLimitProblems({ maxLotsPerOrder: '50', maxOpenLots: '200', ...s })).toEqual([]);
    expect([1, 2]).toContain(s.marginMode);
    expect(s.leverageOptions.length).toBeGreaterThan(0);
    for (const lev of s.leverageOptions) expect(Number.isInteger(lev) && lev > 0).toBe(true);
    expect(Number.isInteger(s.spreadPoints) && s.spreadPoints >= 1).toBe(true);
    // The spread is a small fraction of the price (< 0.5 %), and the price is quoted at its precision.
    expect(s.spreadPoints / 10 ** s.pricePrecision / s.referencePrice).toBeLessThan(0.005);
    // …so staff can save it again (the back office refuses a spread beyond 1 % of the price).
    expect(s.spreadPoints).toBeLessThanOrEqual(maxSpreadPoints(s.referencePrice, s.pricePrecision));
    expect(Number(s.referencePrice.toFixed(s.pricePrecision))).toBe(s.referencePrice);
    expect(SESSION_KINDS).toContain(s.session);
    expect(s.annualVolatility).toBeGreaterThan(0.02);
    expect(s.annualVolatility).toBeLessThan(1.5);
    expect(s.tickIntervalMs).toBeGreaterThanOrEqual(200);
    if (s.sessionZone) expect(() => new Intl.DateTimeFormat('en', { timeZone: s.sessionZone })).not.toThrow();
  });
});
