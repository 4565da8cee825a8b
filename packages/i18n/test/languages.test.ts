import { describe, expect, it } from 'vitest';
import { interpolate } from '../src/interpolate.ts';
import { BCP47, isRightToLeft, LANGUAGES, NATIVE_NAMES, normalizeLanguage } from '../src/languages.ts';

describe('languages', () => {
  it('has the 21 codes of spec §1, each with a BCP-47 tag and a native name', () => {
    expect(LANGUAGES).toHaveLength(21);
    for (const l of LANGUAGES) {
      expect(BCP47[l]).toBeTruthy();
      expect(NATIVE_NAMES[l]).toBeTruthy();
      expect(() => new Intl.NumberFormat(BCP47[l])).not.toThrow();
    }
  });

  it.each([
    ['tw', 'hk'],
    ['TW', 'hk'],
    ['en', 'en'],
    [' ar ', 'ar'],
    ['zz', 'hk'],
    ['', 'hk'],
    [undefined, 'hk'],
  ])('reads %s as %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });

  it('lays out ar and fa right to left, nothing else', () => {
    expect(LANGUAGES.filter(isRightToLeft)).toEqual(['ar', 'fa']);
  });

  it('interpolates i18next-style placeholders and leaves unknown ones visible', () => {
    expect(interpolate('Invalid value for {{field}}', { field: 'period' })).toBe('Invalid value for period');
    expect(interpolate('{{a}} and {{ b }}', { a: 1 })).toBe('1 and {{ b }}');
  });
});

describe('numbers in server messages', () => {
  it("are written as the request's language writes them, exactly, with Western digits", async () => {
    const { localizeParam, translate } = await import('../src/server-messages.ts');
    expect(localizeParam('en', '4974.23')).toBe('4,974.23');
    expect(localizeParam('de', '4974.23')).toBe('4.974,23');
    expect(localizeParam('de', '10.00')).toBe('10,00');
    expect(localizeParam('en', '586.250000')).toBe('586.250000');
    expect(localizeParam('en', 1000)).toBe('1,000');
    expect(localizeParam('en', '12345678901234567.89')).toBe('12,345,678,901,234,567.89'); // beyond a double
    for (const lang of LANGUAGES)
      expect(String(localizeParam(lang, '1234.5'))).toMatch(/^[\d.,\s\u00a0\u202f’'٫٬]+$/);
    // Not numbers: as given.
    expect(localizeParam('de', 'TRC20')).toBe('TRC20');
    expect(localizeParam('de', 'Idempotency-Key')).toBe('Idempotency-Key');
    expect(translate('de', 'error.wallet_amount_above_free', { free: '4974.23' })).toContain(
      '(4.974,23 USD)',
    );
    expect(translate('en', 'error.wallet_amount_below_min', { min: '10.00' })).toContain('10.00');
    // A code is not a quantity: never grouped.
    const codeKey = 'mail.code_body';
    expect(translate('en', codeKey, { code: '407093' })).not.toContain('407,093');
  });
});
