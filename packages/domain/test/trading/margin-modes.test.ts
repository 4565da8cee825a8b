import { describe, expect, it } from 'vitest';
import { computeMargin, type InstrumentTerms, isFixedMargin } from '../../src/trading/index.ts';
import { EURUSD, NO_RATES, ratesOf, XAGUSD } from './fixtures.ts';

// Spec §9 / DESIGN §4: fixed mode (1) = qty × contractSize in the quote currency; any other mode
// = qty × contractSize × price ÷ leverage, then to USD.

describe('margin modes', () => {
  it('fixed mode: XAGUSD 0.5 lot = 0.5 × 5 000 = 2 500 USD, whatever the price or the leverage', () => {
    const a = computeMargin({ terms: XAGUSD, quantity: '0.5', price: '52.500', leverage: 1 }, NO_RATES);
    const b = computeMargin({ terms: XAGUSD, quantity: '0.5', price: '99.999', leverage: 1 }, NO_RATES);
    expect(a.ok && a.value.usd.toFixed(6)).toBe('2500.000000');
    expect(b.ok && b.value.usd.toFixed(6)).toBe('2500.000000');
  });

  it('fixed mode in a non-USD quote currency converts the units: 1 lot of 1 000 GBP = 1 340 USD', () => {
    const gbpFixed: InstrumentTerms = { ...XAGUSD, code: 'UKX', quoteCurrency: 'GBP', contractSize: '1000' };
    const m = computeMargin(
      { terms: gbpFixed, quantity: '1', price: '9700', leverage: 1 },
      ratesOf(['GBP', 'USD', '1.33992', '1.34008']),
    );
    // 1 × 1 000 GBP × 1.34 = 1 340 USD
    expect(m.ok && m.value.usd.toFixed(6)).toBe('1340.000000');
  });

  it('leverage mode scales with price and inversely with leverage', () => {
    // 1 × 100 000 × 1.2 ÷ 50 = 2 400; at 1:200 = 600
    const at50 = computeMargin({ terms: EURUSD, quantity: '1', price: '1.2', leverage: 50 }, NO_RATES);
    const at200 = computeMargin({ terms: EURUSD, quantity: '1', price: '1.2', leverage: 200 }, NO_RATES);
    expect(at50.ok && at50.value.usd.toFixed(2)).toBe('2400.00');
    expect(at200.ok && at200.value.usd.toFixed(2)).toBe('600.00');
  });

  it('the same instrument in fixed mode ignores leverage: EURUSD as mode 1 = 100 000 USD a lot', () => {
    const fixedEur: InstrumentTerms = { ...EURUSD, marginMode: 1 };
    expect(isFixedMargin(fixedEur)).toBe(true);
    expect(isFixedMargin({ marginMode: 2 })).toBe(false);
    expect(isFixedMargin({ marginMode: 0 })).toBe(false); // "otherwise leverage-based" (spec §3)
    const m = computeMargin({ terms: fixedEur, quantity: '0.01', price: '1.16512', leverage: 100 }, NO_RATES);
    expect(m.ok && m.value.usd.toFixed(2)).toBe('1000.00');
  });

  it('refuses a fractional or non-positive leverage as a programming error', () => {
    expect(() =>
      computeMargin({ terms: EURUSD, quantity: '1', price: '1.1', leverage: 0 }, NO_RATES),
    ).toThrow(RangeError);
    expect(() =>
      computeMargin({ terms: EURUSD, quantity: '1', price: '1.1', leverage: 1.5 }, NO_RATES),
    ).toThrow(RangeError);
  });
});
