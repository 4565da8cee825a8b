import { describe, expect, it } from 'vitest';
import { convertCurrency, fromUsd, toUsd, usdPerUnit } from '../../src/trading/index.ts';
import { ratesOf } from './fixtures.ts';

// Conversion uses the MID of the pair against USD (see conversion.ts for why).
const rates = ratesOf(
  ['EUR', 'USD', '1.16500', '1.16512'], // mid 1.16506
  ['USD', 'JPY', '152.493', '152.507'], // mid 152.5
  ['USD', 'CHF', '0.79492', '0.79508'], // mid 0.795
  ['GBP', 'USD', '1.33992', '1.34008'], // mid 1.34
);

const text = (r: ReturnType<typeof toUsd>, places: number) => (r.ok ? r.value.toFixed(places) : r.error.code);

describe('conversion to USD', () => {
  it('USD is itself: no lookup, rate 1', () => {
    expect(
      text(
        toUsd('123.45', 'USD', () => null),
        2,
      ),
    ).toBe('123.45');
    expect(
      text(
        usdPerUnit('USD', () => null),
        0,
      ),
    ).toBe('1');
  });

  it('XXX/USD multiplies by the mid: 100 EUR × 1.16506 = 116.506 USD', () => {
    expect(text(toUsd('100', 'EUR', rates), 6)).toBe('116.506000');
  });

  it('USD/XXX divides by the mid: 15 250 JPY ÷ 152.5 = 100 USD; 79.5 CHF ÷ 0.795 = 100 USD', () => {
    expect(text(toUsd('15250', 'JPY', rates), 6)).toBe('100.000000');
    expect(text(toUsd('79.5', 'CHF', rates), 6)).toBe('100.000000');
    // one JPY = 1 ÷ 152.5 = 0.0065573770… USD
    expect(text(usdPerUnit('JPY', rates), 10)).toBe('0.0065573770');
  });

  it('from USD inverts: 100 USD = 15 250 JPY = 85.832489 EUR', () => {
    expect(text(fromUsd('100', 'JPY', rates), 3)).toBe('15250.000');
    // 100 ÷ 1.16506 = 85.8324893… EUR
    expect(text(fromUsd('100', 'EUR', rates), 6)).toBe('85.832489');
  });

  it('crosses go through USD: 100 EUR → 116.506 USD → × 152.5 = 17 767.165 JPY', () => {
    expect(text(convertCurrency('100', 'EUR', 'JPY', rates), 3)).toBe('17767.165');
    // GBP → CHF: 100 GBP = 134 USD = 134 × 0.795 = 106.53 CHF
    expect(text(convertCurrency('100', 'GBP', 'CHF', rates), 6)).toBe('106.530000');
  });

  it('an unknown currency is a typed error, not a throw (HKD has no USD pair in the seeds)', () => {
    expect(toUsd('100', 'HKD', rates)).toEqual({
      ok: false,
      error: { code: 'CONVERSION_RATE_UNKNOWN', currency: 'HKD' },
    });
    expect(convertCurrency('1', 'EUR', 'HKD', rates)).toEqual({
      ok: false,
      error: { code: 'CONVERSION_RATE_UNKNOWN', currency: 'HKD' },
    });
  });

  it('a crossed or zero quote is refused as invalid rather than producing a wrong amount', () => {
    const bad = ratesOf(['EUR', 'USD', '1.2', '1.1'], ['GBP', 'USD', '0', '0']);
    expect(toUsd('1', 'EUR', bad)).toEqual({
      ok: false,
      error: { code: 'CONVERSION_RATE_INVALID', currency: 'EUR' },
    });
    expect(toUsd('1', 'GBP', bad)).toEqual({
      ok: false,
      error: { code: 'CONVERSION_RATE_INVALID', currency: 'GBP' },
    });
  });

  it('a JS float amount is refused', () => {
    expect(() => toUsd(100.5 as unknown as string, 'EUR', rates)).toThrow(TypeError);
  });
});
