import { describe, expect, it } from 'vitest';
import {
  computeFee,
  computeMargin,
  computeProfit,
  markToMarket,
  openPriceOf,
} from '../../src/trading/index.ts';
import { EURUSD, NO_RATES } from './fixtures.ts';

// EURUSD quotes in USD, so no conversion at all: the spec §9 formula exactly (DESIGN §4).
// Quote: bid 1.16500, ask 1.16512 (12 points = 1.2 pips, as seeded).
const quote = { bid: '1.16500', ask: '1.16512' };

describe('EURUSD worked example', () => {
  it('buy 1 lot at 1:100 opens at the ask: margin 1 165.12, fee 3.49536', () => {
    const price = openPriceOf('buy', quote); // 1.16512
    expect(price.toFixed(5)).toBe('1.16512');
    // margin = 1 × 100 000 × 1.16512 ÷ 100 = 1 165.12 USD
    const margin = computeMargin({ terms: EURUSD, quantity: '1', price, leverage: 100 }, NO_RATES);
    expect(margin.ok && margin.value.usd.toFixed(6)).toBe('1165.120000');
    // fee (type 2, on margin) = 1 165.12 × 0.003 = 3.49536
    const fee = computeFee({ feeType: 2, feeRate: EURUSD.feeRate, quantity: '1', margin: '1165.12' });
    expect(fee.toFixed(6)).toBe('3.495360');
  });

  it('closes a buy at the bid: +20 pips on 1 lot = +200 USD', () => {
    // open 1.16512 (ask); 20 pips later the bid is 1.16712: (1.16712 − 1.16512) × 1 × 100 000 = 200
    const p = markToMarket(
      { terms: EURUSD, side: 'buy', openPrice: '1.16512', quantity: '1' },
      { bid: '1.16712', ask: '1.16724' },
      NO_RATES,
    );
    expect(p.ok && p.value.usd.toFixed(2)).toBe('200.00');
  });

  it('a buy closed at once loses exactly the spread: −12 USD per lot', () => {
    // open at ask 1.16512, close at bid 1.16500: −0.00012 × 100 000 = −12
    const p = markToMarket(
      { terms: EURUSD, side: 'buy', openPrice: '1.16512', quantity: '1' },
      quote,
      NO_RATES,
    );
    expect(p.ok && p.value.usd.toFixed(2)).toBe('-12.00');
  });

  it('sell 0.5 lots at the bid, closed at the ask 20 pips lower: +100 USD', () => {
    // −(1.16300 − 1.16500) × 0.5 × 100 000 = 100
    const p = computeProfit(
      { terms: EURUSD, side: 'sell', openPrice: '1.16500', quantity: '0.5' },
      '1.16300',
      NO_RATES,
    );
    expect(p.ok && p.value.usd.toFixed(2)).toBe('100.00');
  });

  it('0.01 lots at 1:500: margin 2.33024', () => {
    // 0.01 × 100 000 × 1.16512 ÷ 500 = 1 165.12 ÷ 500 = 2.33024
    const m = computeMargin({ terms: EURUSD, quantity: '0.01', price: '1.16512', leverage: 500 }, NO_RATES);
    expect(m.ok && m.value.usd.toFixed(6)).toBe('2.330240');
  });
});
