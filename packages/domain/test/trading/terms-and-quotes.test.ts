import { describe, expect, it } from 'vitest';
import {
  checkInstrumentTerms,
  closePriceOf,
  isQuoteFresh,
  lotLimitProblems,
  maxSpreadPoints,
  openPriceOf,
  orderTypeOf,
  parseUserDecimal,
  priceFromFeed,
  quoteFromFeed,
  sideOf,
} from '../../src/trading/index.ts';
import { BTCUSD, EURGBP, EURUSD, USDJPY, XAGUSD, XAUUSD } from './fixtures.ts';

describe('instrument terms', () => {
  it('the seeded shapes are sound', () => {
    for (const t of [EURUSD, USDJPY, EURGBP, XAUUSD, XAGUSD, BTCUSD])
      expect(checkInstrumentTerms(t)).toEqual([]);
  });

  it('finds lot limits that contradict each other, by field', () => {
    for (const t of [EURUSD, USDJPY, EURGBP, XAUUSD, XAGUSD, BTCUSD]) expect(lotLimitProblems(t)).toEqual([]);
    const sound = { lotStep: '0.01', minLots: '0.01', maxLotsPerOrder: '50', maxOpenLots: '200' };
    expect(lotLimitProblems(sound)).toEqual([]);
    // Equal limits are fine: one order of exactly the minimum.
    expect(
      lotLimitProblems({ ...sound, minLots: '0.5', maxLotsPerOrder: '0.5', maxOpenLots: '0.5' }),
    ).toEqual([]);
    expect(lotLimitProblems({ ...sound, minLots: '0.015' })).toEqual(['minLots']);
    expect(lotLimitProblems({ ...sound, lotStep: '0.1', minLots: '0.25' })).toEqual(['minLots']);
    expect(lotLimitProblems({ ...sound, minLots: '2', maxLotsPerOrder: '1.99' })).toEqual([
      'maxLotsPerOrder',
    ]);
    expect(lotLimitProblems({ ...sound, minLots: '2', maxOpenLots: '1' })).toEqual(['maxOpenLots']);
    expect(
      lotLimitProblems({ lotStep: '0.3', minLots: '1', maxLotsPerOrder: '0.9', maxOpenLots: '0.3' }),
    ).toEqual(['minLots', 'maxLotsPerOrder', 'maxOpenLots']);
    // Stored NUMERIC texts (trailing zeros) and absent limits.
    expect(lotLimitProblems({ lotStep: '0.0100000000', minLots: '0.0300000000' })).toEqual([]);
    // Not positive decimals: checkInstrumentTerms' job, not a contradiction.
    expect(lotLimitProblems({ ...sound, lotStep: '0', minLots: 'x' })).toEqual([]);
  });

  it('bounds a spread at 1 % of the price, in points at the precision, at least one point', () => {
    expect(maxSpreadPoints(1.14032, 5)).toBe(1140); // EURUSD: 0.01140
    expect(maxSpreadPoints(1.14032, 4)).toBe(114);
    expect(maxSpreadPoints(2650.5, 2)).toBe(2650); // XAUUSD: 26.50
    expect(maxSpreadPoints(95000, 2)).toBe(95000); // BTCUSD: 950.00
    expect(maxSpreadPoints(1, 2)).toBe(1); // exactly 1 %: 0.01, despite 1 × 0.01 × 100 = 0.99999…
    expect(maxSpreadPoints(0.5, 0)).toBe(1);
    expect(maxSpreadPoints(0, 5)).toBe(1);
    expect(maxSpreadPoints(Number.NaN, 5)).toBe(1);
  });

  it('names every problem of a broken set of terms', () => {
    const problems = checkInstrumentTerms({
      ...EURUSD,
      contractSize: '0',
      lotStep: 'abc',
      feeRate: '-1',
      leverageOptions: [100, 1.5],
      pricePrecision: -1,
      maxLotsPerOrder: '0',
    });
    expect(problems).toHaveLength(6);
  });
});

describe('sides and quotes (DESIGN §4)', () => {
  const q = { bid: '1.16500', ask: '1.16512' };
  it('buy opens at the ask and closes at the bid; sell the reverse', () => {
    expect(openPriceOf('buy', q).toFixed(5)).toBe('1.16512');
    expect(closePriceOf('buy', q).toFixed(5)).toBe('1.16500');
    expect(openPriceOf('sell', q).toFixed(5)).toBe('1.16500');
    expect(closePriceOf('sell', q).toFixed(5)).toBe('1.16512');
  });

  it('OrderType 1 is buy, anything else sell (spec §3)', () => {
    expect(sideOf(1)).toBe('buy');
    expect(sideOf(2)).toBe('sell');
    expect(sideOf(0)).toBe('sell');
    expect(orderTypeOf('buy')).toBe(1);
    expect(orderTypeOf('sell')).toBe(2);
  });

  it('a feed number becomes an exact price through its text at the instrument precision', () => {
    // 1.005 is 1.00499999999999989… as a double; at 3 decimals its text is exactly 1.005
    expect(priceFromFeed(1.005, 3).toString()).toBe('1.005');
    expect(priceFromFeed(0.1 + 0.2, 5).toString()).toBe('0.3');
    const tq = quoteFromFeed({ bid: 152.493, ask: 152.507, timeMs: 5 }, 3);
    expect(String(tq.bid)).toBe('152.493');
    expect(() => priceFromFeed(Number.NaN, 2)).toThrow(RangeError);
  });

  it('freshness is inclusive of the limit', () => {
    expect(isQuoteFresh({ timeMs: 1_000 }, 3_000, 2_000)).toBe(true);
    expect(isQuoteFresh({ timeMs: 1_000 }, 3_001, 2_000)).toBe(false);
  });

  it('user decimals: empty, invalid or a value; a float is a TypeError', () => {
    expect(parseUserDecimal('  ').kind).toBe('empty');
    expect(parseUserDecimal(null).kind).toBe('empty');
    expect(parseUserDecimal('1e3').kind).toBe('invalid');
    expect(parseUserDecimal({}).kind).toBe('invalid');
    const ok = parseUserDecimal(' 0.50 ');
    expect(ok.kind === 'ok' && ok.value.toFixed(2)).toBe('0.50');
    expect(() => parseUserDecimal(0.5)).toThrow(TypeError);
  });
});
