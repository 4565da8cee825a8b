import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floorTo, money, roundHalfEven, toBalanceCents, toCents, toMarginText } from '../src/money.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

describe('money', () => {
  it('accepts decimal strings and bigints, refuses floats and garbage', () => {
    expect(money('100000').toFixed(2)).toBe('100000.00');
    expect(money(12n).toString()).toBe('12');
    expect(() => money('1e5')).toThrow(RangeError);
    expect(() => money('abc')).toThrow(RangeError);
    // A float smuggled past the type checker is refused at run time too.
    expect(() => money(0.1 as unknown as string)).toThrow(TypeError);
  });

  it('adds exactly where floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(money('0.1').plus(money('0.2')).toFixed(2)).toBe('0.30');
  });

  it.each([
    ['2.345', '2.34'],
    ['2.355', '2.36'],
    ['-2.345', '-2.34'],
    ['0.005', '0.00'],
    ['0.015', '0.02'],
  ])('rounds %s half-even to %s cents', (input, cents) => {
    expect(toCents(money(input))).toBe(cents);
  });

  it.each([
    ['848.249872', '848.24'],
    ['848.25', '848.25'],
    ['0.009999', '0.00'],
    ['100000', '100000.00'],
    ['-0.004', '0.00'],
    ['-12.349', '-12.34'],
  ])('shows the balance %s cut to %s cents (never more than is held)', (input, cents) => {
    expect(toBalanceCents(money(input))).toBe(cents);
  });

  it('shows margin with 6 decimals and floors explicitly', () => {
    expect(toMarginText(money('1085.12'))).toBe('1085.120000');
    expect(floorTo(money('9.999'), 2).toFixed(2)).toBe('9.99');
    expect(roundHalfEven(money('1.0000005'), 6).toFixed(6)).toBe('1.000000');
  });

  it('sums of cents are exact (property)', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -10_000_000, max: 10_000_000 }), { maxLength: 200 }),
        (cents) => {
          const total = cents.reduce((acc, c) => acc.plus(money(BigInt(c)).div(100)), money('0'));
          const expected = cents.reduce((a, c) => a + BigInt(c), 0n);
          expect(total.times(100).toFixed(0)).toBe(expected.toString());
        },
      ),
    );
  });
});
