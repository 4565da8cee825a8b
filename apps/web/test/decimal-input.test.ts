import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptDecimalInput, LOT_LIMITS, priceLimits } from '../src/lib/decimal-input';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

const price5 = priceLimits(5);
// A language whose thousands mark is neither ',' nor '.' (French: a narrow space) unless a test says.
const take = (next: string, limits = price5, previous = 'was', thousands: ',' | '.' | null = null) =>
  acceptDecimalInput(next, previous, limits, thousands);

describe('acceptDecimalInput: a decimal box never turns what was typed or pasted into another number', () => {
  it('reads thousands separators and either decimal mark', () => {
    expect(take('4,100.00', priceLimits(2))).toBe('4100.00');
    expect(take('4.100,50', priceLimits(2))).toBe('4100.50');
    expect(take('1,234,567.5')).toBe('1234567.5');
    expect(take('1 234,5')).toBe('1234.5');
    expect(take('1\u00a0000')).toBe('1000');
    expect(take('1,5')).toBe('1.5');
    expect(take('1.')).toBe('1.');
    expect(take('')).toBe('');
    expect(take('1,000,000', LOT_LIMITS)).toBe('1000000');
  });

  it("reads the language's own thousands mark before exactly three digits as grouping", () => {
    // English: '105,000' is a hundred and five thousand (a pasted BTC price), '1,000' lots a thousand.
    expect(take('105,000', priceLimits(2), 'was', ',')).toBe('105000');
    expect(take('1,000', LOT_LIMITS, 'was', ',')).toBe('1000');
    expect(take('1.000', LOT_LIMITS, 'was', ',')).toBe('1.000'); // a dot is English's decimal mark
    expect(take('1,5', LOT_LIMITS, 'was', ',')).toBe('1.5'); // not three digits: a comma keyboard
    expect(take('1234,000', LOT_LIMITS, 'was', ',')).toBe('1234.000'); // not a thousands group
    // German: the other way round.
    expect(take('105.000', priceLimits(2), 'was', '.')).toBe('105000');
    expect(take('1,000', LOT_LIMITS, 'was', '.')).toBe('1.000');
    expect(take('105,000', priceLimits(2), 'was', '.')).toBe('was'); // 105.000: three places on two
  });

  it('reads the digits and marks an Arabic or Persian keyboard types', () => {
    expect(take('١٫٥')).toBe('1.5');
    expect(take('۱۲۳٫۴۵')).toBe('123.45');
    expect(take('٤٬١٠٠٫٠٠', priceLimits(2))).toBe('4100.00');
  });

  it('keeps what the box held when the text is not a number as written', () => {
    for (const bad of [
      '1e3',
      '$1,234.50',
      '-1',
      '+2',
      '1.2.3',
      '1,2,3',
      '12,34.5',
      '1.000,5,0',
      'abc',
      '0x10',
    ])
      expect(take(bad), bad).toBe('was');
  });

  it('takes no more digits than the API and the instrument allow', () => {
    expect(take('1.123456')).toBe('was'); // 6 places on a 5-place instrument
    expect(take('1.12345')).toBe('1.12345');
    expect(take('0.010000000', LOT_LIMITS)).toBe('was'); // 9 places: lots take 8
    expect(take('1234567890123', LOT_LIMITS)).toBe('was'); // 13 digits: lots take 12
    expect(take('1.', priceLimits(0))).toBe('was');
    expect(take('150', priceLimits(0))).toBe('150');
  });

  it('answers digits and at most one point, equal in value to plain input', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,12}(\.\d{0,8})?$/), (plain) => {
        expect(acceptDecimalInput(plain, 'was', LOT_LIMITS, null)).toBe(plain);
        expect(acceptDecimalInput(plain.replace('.', ','), 'was', LOT_LIMITS, null)).toBe(plain);
        // In German, its own decimal mark is always one.
        expect(acceptDecimalInput(plain.replace('.', ','), 'was', LOT_LIMITS, '.')).toBe(plain);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (any) => {
        const out = acceptDecimalInput(any, 'was', LOT_LIMITS, ',');
        expect(out === 'was' || /^\d*(\.\d*)?$/.test(out)).toBe(true);
      }),
    );
  });
});
