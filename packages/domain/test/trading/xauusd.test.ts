import { describe, expect, it } from 'vitest';
import { computeFee, computeMargin, markToMarket } from '../../src/trading/index.ts';
import { NO_RATES, XAUUSD } from './fixtures.ts';

// Gold: 100 oz a lot, 2-decimal prices, spread 30 points = 0.30 USD. Quote bid 4 149.85 / ask 4 150.15.

describe('XAUUSD worked example', () => {
  it('buy 0.1 lot at 1:100 at the ask: margin 415.015, fee 1.245045', () => {
    // 0.1 × 100 × 4 150.15 ÷ 100 = 415.015
    const m = computeMargin({ terms: XAUUSD, quantity: '0.1', price: '4150.15', leverage: 100 }, NO_RATES);
    expect(m.ok && m.value.usd.toFixed(6)).toBe('415.015000');
    // 415.015 × 0.003 = 1.245045
    expect(
      computeFee({ feeType: 2, feeRate: XAUUSD.feeRate, quantity: '0.1', margin: '415.015' }).toFixed(6),
    ).toBe('1.245045');
  });

  it('sell 0.25 lot at 1:20 at the bid: margin 5 187.3125, fee 15.561938', () => {
    // 0.25 × 100 × 4 149.85 ÷ 20 = 103 746.25 ÷ 20 = 5 187.3125
    const m = computeMargin({ terms: XAUUSD, quantity: '0.25', price: '4149.85', leverage: 20 }, NO_RATES);
    expect(m.ok && m.value.usd.toFixed(6)).toBe('5187.312500');
    // 5 187.3125 × 0.003 = 15.5619375 → 15.561938 (7th digit 5 after an odd 7 → even 8)
    expect(
      computeFee({ feeType: 2, feeRate: XAUUSD.feeRate, quantity: '0.25', margin: '5187.3125' }).toFixed(6),
    ).toBe('15.561938');
  });

  it('a 10 USD move on 0.1 lot is 100 USD', () => {
    // buy opened at 4 150.15; bid now 4 160.15: 10 × 0.1 × 100 = 100
    const p = markToMarket(
      { terms: XAUUSD, side: 'buy', openPrice: '4150.15', quantity: '0.1' },
      { bid: '4160.15', ask: '4160.45' },
      NO_RATES,
    );
    expect(p.ok && p.value.usd.toFixed(2)).toBe('100.00');
    // the sell side marks at the ask: sold at 4 149.85, ask 4 160.45: −10.60 × 0.1 × 100 = −106
    const s = markToMarket(
      { terms: XAUUSD, side: 'sell', openPrice: '4149.85', quantity: '0.1' },
      { bid: '4160.15', ask: '4160.45' },
      NO_RATES,
    );
    expect(s.ok && s.value.usd.toFixed(2)).toBe('-106.00');
  });
});
