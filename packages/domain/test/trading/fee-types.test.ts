import { describe, expect, it } from 'vitest';
import { computeFee, TRADE_FEE_TYPE } from '../../src/trading/index.ts';

// Spec §9: trade_fee_type 1 → quantity × fee rate; otherwise margin × fee rate.

describe('fee types', () => {
  it('type 1 charges per lot: 2.5 lots × 7 USD = 17.5 USD, whatever the margin', () => {
    expect(
      computeFee({
        feeType: TRADE_FEE_TYPE.PER_LOT,
        feeRate: '7',
        quantity: '2.5',
        margin: '1000000',
      }).toFixed(6),
    ).toBe('17.500000');
  });

  it('type 2 charges a share of the margin: 1 165.12 × 0.003 = 3.49536', () => {
    expect(computeFee({ feeType: 2, feeRate: '0.003', quantity: '1', margin: '1165.12' }).toFixed(6)).toBe(
      '3.495360',
    );
  });

  it('any type other than 1 is margin-based (spec: "otherwise")', () => {
    expect(computeFee({ feeType: 0, feeRate: '0.01', quantity: '3', margin: '200' }).toFixed(2)).toBe('2.00');
    expect(computeFee({ feeType: 7, feeRate: '0.01', quantity: '3', margin: '200' }).toFixed(2)).toBe('2.00');
  });

  it('seeded rates under type 1 are tiny: 1 lot × 0.003 = 0.003 USD', () => {
    expect(computeFee({ feeType: 1, feeRate: '0.003', quantity: '1', margin: '1165.12' }).toFixed(6)).toBe(
      '0.003000',
    );
  });

  it('a zero rate is free; negative inputs and floats are refused', () => {
    expect(computeFee({ feeType: 2, feeRate: '0', quantity: '1', margin: '100' }).isZero()).toBe(true);
    expect(() => computeFee({ feeType: 2, feeRate: '-0.1', quantity: '1', margin: '100' })).toThrow(
      RangeError,
    );
    expect(() =>
      computeFee({ feeType: 2, feeRate: 0.003 as unknown as string, quantity: '1', margin: '100' }),
    ).toThrow(TypeError);
  });
});
