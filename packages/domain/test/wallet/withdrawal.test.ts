import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  money,
  parseWithdrawalAmount,
  quoteWithdrawal,
  receivedDecimals,
  receivedText,
} from '../../src/index.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

describe('withdrawal fee and received amount (spec §9)', () => {
  it('fixed fee (type 1): 500 USD, fee 5, USDT at 1 → receives 495.00', () => {
    const q = quoteWithdrawal('500', { feeType: 1, drawRate: '5', usdPrice: '1' });
    expect([q.fee.toFixed(2), q.received.toFixed(2)]).toEqual(['5.00', '495.00']);
  });

  it('rate fee (type 2): 1234.56 USD at 0.5 % → fee 6.18 (rounded up), EUR at 0.9234 → 1134.28 (floored)', () => {
    const q = quoteWithdrawal('1234.56', { feeType: 2, drawRate: '0.005', usdPrice: '0.9234' });
    expect(q.fee.toFixed(2)).toBe('6.18'); // 6.1728 → 6.18
    expect(q.received.toFixed(2)).toBe('1134.28'); // 1228.38 × 0.9234 = 1134.286092, floored
  });

  it('never receives below zero when the fee is larger than the amount', () => {
    expect(quoteWithdrawal('3', { feeType: 1, drawRate: '5', usdPrice: '1' }).received.toFixed(2)).toBe(
      '0.00',
    );
  });

  it('parses amounts exactly: 2 decimals at most, above 0, below a billion', () => {
    expect(parseWithdrawalAmount('100.5')?.toFixed(2)).toBe('100.50');
    expect(parseWithdrawalAmount('999999999.99')?.toFixed(2)).toBe('999999999.99');
    for (const bad of ['', '0', '0.00', '-1', '1.234', '1e3', ' 12 x', 'abc', '1000000000'])
      expect(parseWithdrawalAmount(bad)).toBeNull();
  });

  it('pays a coin at its own decimals: one step worth at most USD 0.05 (spec §9 says 2, which lost up to ~USD 1 000 of BTC)', () => {
    expect(receivedDecimals('1')).toBe(2); // USDT
    expect(receivedDecimals('0.92')).toBe(2); // EUR: a cent is ~USD 0.011
    expect(receivedDecimals('7.8')).toBe(2); // HKD
    expect(receivedDecimals('0.0003')).toBe(5); // ETH at ~USD 3 333
    expect(receivedDecimals('0.00001')).toBe(7); // BTC at USD 100 000
    expect(receivedDecimals('0.000000001')).toBe(8); // at most 8
    // USD 5 000 of BTC with a USD 25 fee: 0.04975 BTC, not 0.04.
    const btc = quoteWithdrawal('5000', { feeType: 1, drawRate: '25', usdPrice: '0.00001' });
    expect([btc.received.toFixed(), btc.receivedDecimals, receivedText(btc.received)]).toEqual([
      '0.04975',
      7,
      '0.04975',
    ]);
    // USD 999 of BTC: 0.00999 BTC (it was 0.00 and the whole amount left the account).
    expect(
      receivedText(quoteWithdrawal('999', { feeType: 1, drawRate: '0', usdPrice: '0.00001' }).received),
    ).toBe('0.00999');
    expect(receivedText(money('495'))).toBe('495.00');
  });

  it('fee + received/price never exceeds the amount, and received is a whole number of its steps, each worth at most USD 0.05', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (cents, feeType, rateBp, priceMicro) => {
          const amount = money(String(cents)).div(100);
          const drawRate =
            feeType === 1 ? money(String(rateBp)).div(100) : money(String(rateBp)).div(100_000);
          const usdPrice = money(String(priceMicro)).div(1_000_000);
          const q = quoteWithdrawal(amount, { feeType, drawRate, usdPrice });
          expect(q.received.isNegative()).toBe(false);
          expect(q.received.decimalPlaces()).toBeLessThanOrEqual(q.receivedDecimals);
          // What the floor keeps back is less than one step, worth at most USD 0.05 (or the last decimal).
          if (amount.gt(q.fee) && q.receivedDecimals < 8)
            expect(amount.minus(q.fee).minus(q.received.div(usdPrice)).lte(money('0.05'))).toBe(true);
          expect(q.fee.decimalPlaces()).toBeLessThanOrEqual(2);
          if (amount.gt(q.fee)) expect(q.received.div(usdPrice).plus(q.fee).lte(amount)).toBe(true);
        },
      ),
    );
  });
});
