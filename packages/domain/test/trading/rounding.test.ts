import { describe, expect, it } from 'vitest';
import { money, toMarginText } from '../../src/money.ts';
import {
  computeFee,
  computeMargin,
  computeProfit,
  LEDGER_SCALE,
  toLedgerAmount,
  toPercentText,
} from '../../src/trading/index.ts';
import { EURUSD, NO_RATES, ratesOf, USDJPY } from './fixtures.ts';

// Every ledger figure (margin, fee, realised profit) is rounded once, to 6 decimals, half-even.

describe('rounding', () => {
  it('ledger scale is the NUMERIC(20,6) of the balance columns and the margin display', () => {
    expect(LEDGER_SCALE).toBe(6);
    expect(toLedgerAmount(money('1.0000005')).toFixed(7)).toBe('1.0000000'); // tie → even 0
    expect(toLedgerAmount(money('1.0000015')).toFixed(7)).toBe('1.0000020'); // tie → even 2
    expect(toLedgerAmount(money('-1.0000015')).toFixed(7)).toBe('-1.0000020'); // symmetric
    expect(toLedgerAmount(money('1.00000051')).toFixed(6)).toBe('1.000001'); // above the tie → up
  });

  it('margin with a repeating decimal: 0.01 × 100 000 × 1.16513 ÷ 3 = 388.37666… → 388.376667', () => {
    const m = computeMargin({ terms: EURUSD, quantity: '0.01', price: '1.16513', leverage: 3 }, NO_RATES);
    expect(m.ok && m.value.usd.toFixed(6)).toBe('388.376667');
    // the stored figure is exactly the displayed one
    expect(m.ok && toMarginText(m.value.usd)).toBe('388.376667');
  });

  it('fee ties go to even: 0.01 × 0.00005 = 0.0000005 → 0; 0.03 × 0.00005 = 0.0000015 → 0.000002', () => {
    expect(computeFee({ feeType: 1, feeRate: '0.00005', quantity: '0.01', margin: '0' }).toFixed(6)).toBe(
      '0.000000',
    );
    expect(computeFee({ feeType: 1, feeRate: '0.00005', quantity: '0.03', margin: '0' }).toFixed(6)).toBe(
      '0.000002',
    );
  });

  it('converted profit: 1 000 JPY ÷ 152.5 = 6.5573770… → 6.557377', () => {
    const rates = ratesOf(['USD', 'JPY', '152.493', '152.507']);
    // (152.517 − 152.507) × 1 × 100 000 = 1 000 JPY
    const p = computeProfit(
      { terms: USDJPY, side: 'buy', openPrice: '152.507', quantity: '1' },
      '152.517',
      rates,
    );
    expect(p.ok && p.value.usd.toFixed(7)).toBe('6.5573770');
    const s = computeProfit(
      { terms: USDJPY, side: 'sell', openPrice: '152.507', quantity: '1' },
      '152.517',
      rates,
    );
    expect(s.ok && s.value.usd.toFixed(6)).toBe('-6.557377');
  });

  it('percentages are shown with 2 decimals half-even', () => {
    expect(toPercentText(money('511.974732'))).toBe('511.97');
    expect(toPercentText(money('50.125'))).toBe('50.12');
    expect(toPercentText(money('50.135'))).toBe('50.14');
  });
});
