import { lotLimitProblems, maxSpreadPoints, SESSION_KINDS } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { CATEGORY_SEEDS } from './category-seeds.ts';
import { INSTRUMENT_SEEDS } from './instrument-seeds.ts';
import { ORDER_NOTIONAL_USD, roundLots, seededLotLimits, usdRates } from './lot-limit-seeds.ts';

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
    // What the back office would refuse: the seeded limits can be saved again as they are.
    expect(lotLimitProblems({ ...seededLotLimits(s, usdRates(INSTRUMENT_SEEDS)), ...s })).toEqual([]);
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

  it('rounds lot limits to 1, 2 or 5 × 10^k, nearest on a log scale', () => {
    expect([0.9, 1.4, 1.5, 3.1, 3.2, 7, 7.1, 42.9, 74.6, 730, 1496, 27_027].map(roundLots)).toEqual([
      1, 1, 2, 2, 5, 5, 10, 50, 100, 1000, 2000, 20_000,
    ]);
  });

  it('sizes the seeded per-order lot limit by notional outside forex, forex at 50 / 200', () => {
    const usdPer = usdRates(INSTRUMENT_SEEDS);
    const limitOf = (code: string) => seededLotLimits(INSTRUMENT_SEEDS.find((s) => s.code === code)!, usdPer);
    for (const s of INSTRUMENT_SEEDS) {
      const { maxLotsPerOrder, maxOpenLots } = seededLotLimits(s, usdPer);
      expect(Number(maxOpenLots)).toBe(Number(maxLotsPerOrder) * 4);
      if (s.category === 'forex') {
        expect(maxLotsPerOrder).toBe('50');
        continue;
      }
      // Within a factor of ~1.6 of the target either way (the 1-2-5 steps are at most 2.5 apart).
      const notional =
        Number(maxLotsPerOrder) * Number(s.contractSize) * s.referencePrice * usdPer(s.quoteCurrency);
      expect(notional / ORDER_NOTIONAL_USD).toBeGreaterThan(0.6);
      expect(notional / ORDER_NOTIONAL_USD).toBeLessThan(1.6);
    }
    // Worked examples: gold 100 oz at $4 150 is $415k a lot; a $260 share is one share a lot;
    // JP225 is ¥49 000 (~$321) a lot.
    expect(limitOf('XAUUSD')).toEqual({ maxLotsPerOrder: '10', maxOpenLots: '40' });
    expect(limitOf('BTCUSD')).toEqual({ maxLotsPerOrder: '50', maxOpenLots: '200' });
    expect(limitOf('AAPL')).toEqual({ maxLotsPerOrder: '20000', maxOpenLots: '80000' });
    expect(limitOf('JP225')).toEqual({ maxLotsPerOrder: '20000', maxOpenLots: '80000' });
    expect(limitOf('EURUSD')).toEqual({ maxLotsPerOrder: '50', maxOpenLots: '200' });
  });
});
