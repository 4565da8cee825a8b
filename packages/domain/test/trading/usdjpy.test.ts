import { describe, expect, it } from 'vitest';
import { computeFee, computeMargin, computeProfit } from '../../src/trading/index.ts';
import { ratesOf, USDJPY } from './fixtures.ts';

// USDJPY: base USD, quote JPY. Leverage margin is qty × 100 000 ÷ leverage USD directly (DESIGN §4);
// profit is in JPY and is divided by the USDJPY mid to get USD.

describe('USDJPY worked example', () => {
  const atOpen = ratesOf(['USD', 'JPY', '152.493', '152.507']); // mid 152.500

  it('buy 1 lot at 1:100: margin 1 000 USD whatever the price, fee 3', () => {
    // 1 × 100 000 ÷ 100 = 1 000 USD
    const m = computeMargin({ terms: USDJPY, quantity: '1', price: '152.507', leverage: 100 }, atOpen);
    expect(m.ok && m.value.usd.toFixed(6)).toBe('1000.000000');
    expect(m.ok && m.value.currency).toBe('USD');
    // fee = 1 000 × 0.003 = 3
    expect(
      computeFee({ feeType: 2, feeRate: USDJPY.feeRate, quantity: '1', margin: '1000' }).toFixed(6),
    ).toBe('3.000000');
  });

  it('0.03 lots at 1:200: margin 15 USD', () => {
    // 0.03 × 100 000 ÷ 200 = 15
    const m = computeMargin({ terms: USDJPY, quantity: '0.03', price: '150', leverage: 200 }, atOpen);
    expect(m.ok && m.value.usd.toFixed(6)).toBe('15.000000');
  });

  it('buy 1 lot at 152.507, closed at bid 155.993 with the mid at 156: +2 234.615385 USD', () => {
    // (155.993 − 152.507) × 1 × 100 000 = 348 600 JPY; ÷ 156.000 = 2 234.6153846153… → 2 234.615385
    const atClose = ratesOf(['USD', 'JPY', '155.993', '156.007']);
    const p = computeProfit(
      { terms: USDJPY, side: 'buy', openPrice: '152.507', quantity: '1' },
      '155.993',
      atClose,
    );
    expect(p.ok && p.value.amount.toFixed(3)).toBe('348600.000');
    expect(p.ok && p.value.currency).toBe('JPY');
    expect(p.ok && p.value.usd.toFixed(6)).toBe('2234.615385');
  });

  it('sell 0.1 lots at 152.493, closed at ask 152.007 with the mid at 152: +31.973684 USD', () => {
    // −(152.007 − 152.493) × 0.1 × 100 000 = 4 860 JPY; ÷ 152 = 31.9736842105… → 31.973684
    const atClose = ratesOf(['USD', 'JPY', '151.993', '152.007']);
    const p = computeProfit(
      { terms: USDJPY, side: 'sell', openPrice: '152.493', quantity: '0.1' },
      '152.007',
      atClose,
    );
    expect(p.ok && p.value.usd.toFixed(6)).toBe('31.973684');
  });

  it('without a JPY rate the profit is a typed error, not a throw', () => {
    const p = computeProfit(
      { terms: USDJPY, side: 'buy', openPrice: '152.507', quantity: '1' },
      '153',
      () => null,
    );
    expect(p).toEqual({ ok: false, error: { code: 'CONVERSION_RATE_UNKNOWN', currency: 'JPY' } });
  });
});
