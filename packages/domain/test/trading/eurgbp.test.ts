import { describe, expect, it } from 'vitest';
import { computeFee, computeMargin, computeProfit } from '../../src/trading/index.ts';
import { EURGBP, ratesOf } from './fixtures.ts';

// EURGBP is a cross: margin and profit come out in GBP and are converted to USD through GBPUSD's
// mid (DESIGN §4: the conversion corrects the spec's formula for non-USD quote currencies).
// Quotes: EURGBP bid 0.86932 / ask 0.86948; GBPUSD bid 1.33992 / ask 1.34008 (mid 1.34000).
const rates = ratesOf(['GBP', 'USD', '1.33992', '1.34008'], ['EUR', 'USD', '1.16500', '1.16512']);

describe('EURGBP worked example (quote GBP → USD via GBPUSD)', () => {
  it('buy 1 lot at the ask 0.86948, 1:100: 869.48 GBP = 1 165.1032 USD margin, fee 3.495310', () => {
    // 1 × 100 000 × 0.86948 ÷ 100 = 869.48 GBP; × 1.34 = 1 165.1032 USD
    const m = computeMargin({ terms: EURGBP, quantity: '1', price: '0.86948', leverage: 100 }, rates);
    expect(m.ok && m.value.amount.toFixed(2)).toBe('869.48');
    expect(m.ok && m.value.currency).toBe('GBP');
    expect(m.ok && m.value.usd.toFixed(6)).toBe('1165.103200');
    // fee = 1 165.1032 × 0.003 = 3.4953096 → 3.495310 (6 decimals, half-even; the 7th digit is 6)
    const fee = computeFee({ feeType: 2, feeRate: EURGBP.feeRate, quantity: '1', margin: '1165.1032' });
    expect(fee.toFixed(6)).toBe('3.495310');
  });

  it('closing the buy 20 pips higher: +200 GBP = +268 USD', () => {
    // (0.87148 − 0.86948) × 100 000 = 200 GBP; × 1.34 = 268 USD
    const p = computeProfit(
      { terms: EURGBP, side: 'buy', openPrice: '0.86948', quantity: '1' },
      '0.87148',
      rates,
    );
    expect(p.ok && p.value.amount.toFixed(2)).toBe('200.00');
    expect(p.ok && p.value.usd.toFixed(6)).toBe('268.000000');
  });

  it('a sell that loses 10 pips on 0.3 lots: −30 GBP = −40.2 USD', () => {
    // −(0.87032 − 0.86932) × 0.3 × 100 000 = −30 GBP; × 1.34 = −40.2 USD
    const p = computeProfit(
      { terms: EURGBP, side: 'sell', openPrice: '0.86932', quantity: '0.3' },
      '0.87032',
      rates,
    );
    expect(p.ok && p.value.usd.toFixed(6)).toBe('-40.200000');
  });

  it('no GBP rate → the margin is a typed error', () => {
    const onlyEur = ratesOf(['EUR', 'USD', '1.16500', '1.16512']);
    const m = computeMargin({ terms: EURGBP, quantity: '1', price: '0.86948', leverage: 100 }, onlyEur);
    expect(m).toEqual({ ok: false, error: { code: 'CONVERSION_RATE_UNKNOWN', currency: 'GBP' } });
  });
});
