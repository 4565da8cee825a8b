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
