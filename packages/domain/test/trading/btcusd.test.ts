import { describe, expect, it } from 'vitest';
import { computeFee, computeMargin, computeProfit, validateNewOrder } from '../../src/trading/index.ts';
import { BTCUSD, NO_RATES } from './fixtures.ts';

// Bitcoin: contract 1 BTC, leverage 2/5/10/20, fee rate 0.005, spread 3 000 points = 30.00 USD.
// Quote bid 104 985.00 / ask 105 015.00.

describe('BTCUSD worked example', () => {
  it('buy 0.5 at 1:10: margin 5 250.75, fee 26.25375', () => {
    // 0.5 × 1 × 105 015 ÷ 10 = 5 250.75; fee 5 250.75 × 0.005 = 26.25375
    const m = computeMargin({ terms: BTCUSD, quantity: '0.5', price: '105015.00', leverage: 10 }, NO_RATES);
    expect(m.ok && m.value.usd.toFixed(6)).toBe('5250.750000');
    expect(
      computeFee({ feeType: 2, feeRate: BTCUSD.feeRate, quantity: '0.5', margin: '5250.75' }).toFixed(6),
    ).toBe('26.253750');
  });

  it('the buy closed 1 000 lower at the bid loses 515 (including the 30 spread)', () => {
    // (103 985 − 105 015) × 0.5 × 1 = −515
    const p = computeProfit(
      { terms: BTCUSD, side: 'buy', openPrice: '105015.00', quantity: '0.5' },
      '103985.00',
      NO_RATES,
    );
    expect(p.ok && p.value.usd.toFixed(2)).toBe('-515.00');
  });

  it('minimum 0.01 sell at 1:2: margin 524.925, fee 2.624625, accepted with 600 available', () => {
    // 0.01 × 104 985 ÷ 2 = 524.925; fee 2.624625; needs 527.549625 ≤ 600
    const r = validateNewOrder(
      { side: 'sell', kind: 'market', quantity: '0.01', leverage: 2 },
      {
        terms: BTCUSD,
        marketOpen: true,
        quote: { bid: '104985.00', ask: '105015.00', timeMs: 1_000 },
        nowMs: 1_200,
        maxQuoteAgeMs: 5_000,
        availableBalance: '600',
        feeType: 2,
        rates: NO_RATES,
      },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.price.toFixed(2)).toBe('104985.00');
    expect(r.value.margin.toFixed(6)).toBe('524.925000');
    expect(r.value.fee.toFixed(6)).toBe('2.624625');
  });

  it('leverage 100 is not among the crypto options', () => {
    const r = validateNewOrder(
      { side: 'buy', kind: 'market', quantity: '0.01', leverage: 100 },
      {
        terms: BTCUSD,
        marketOpen: true,
        quote: { bid: '104985.00', ask: '105015.00', timeMs: 1_000 },
        nowMs: 1_000,
        maxQuoteAgeMs: 5_000,
        availableBalance: '100000',
        feeType: 2,
        rates: NO_RATES,
      },
    );
    expect(!r.ok && r.error.code).toBe('ORDER_LEVERAGE_NOT_OFFERED');
  });
});
