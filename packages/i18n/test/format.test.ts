import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/languages.ts';
import { LONDON_TIME_ZONE, londonDateTime, londonFormat, londonTimeText } from '../src/london-time.ts';
import { groupDecimal } from '../src/number-format.ts';

describe('groupDecimal: a decimal text grouped as the language writes it, exact', () => {
  it('groups the whole part and keeps every place given', () => {
    expect(groupDecimal('100000.00', 'en')).toBe('100,000.00');
    expect(groupDecimal('1234567.123456789', 'en')).toBe('1,234,567.123456789');
    expect(groupDecimal('-1000', 'en')).toBe('-1,000');
    expect(groupDecimal('12.30', 'en')).toBe('12.30');
    expect(groupDecimal(' 1234 ', 'en')).toBe('1,234');
  });

  it('never goes through a double', () => {
    expect(groupDecimal('90071992547409931.01', 'en')).toBe('90,071,992,547,409,931.01');
    expect(groupDecimal('90071992547409931.01', 'de')).toBe('90.071.992.547.409.931,01');
  });

  it('uses each language’s marks and grouping, with Western digits', () => {
    expect(groupDecimal('100000.00', 'de')).toBe('100.000,00');
    expect(groupDecimal('100000.00', 'fr')).toBe('100\u202f000,00');
    expect(groupDecimal('10000000.00', 'hi')).toBe('1,00,00,000.00');
    expect(groupDecimal('-3.10', 'fi')).toBe('\u22123,10');
    for (const lang of LANGUAGES) expect(groupDecimal('1234.50', lang)).toMatch(/^1\D?234\D50$/);
  });

  it('gives back a text that is not a plain decimal as it is', () => {
    expect(groupDecimal('not a number', 'en')).toBe('not a number');
    expect(groupDecimal('1e21', 'en')).toBe('1e21');
    expect(groupDecimal('', 'en')).toBe('');
  });
});

describe('London time, whatever the machine’s zone', () => {
  it('writes an instant as London YYYY-MM-DD HH:mm:ss, summer time included', () => {
    expect(londonDateTime(Date.parse('2026-11-27T08:17:09Z'))).toBe('2026-11-27 08:17:09'); // GMT
    expect(londonDateTime(Date.parse('2026-07-01T12:00:00Z'))).toBe('2026-07-01 13:00:00'); // BST
    expect(londonDateTime(Date.parse('2026-03-29T00:59:59Z'))).toBe('2026-03-29 00:59:59');
    expect(londonDateTime(Date.parse('2026-03-29T01:00:00Z'))).toBe('2026-03-29 02:00:00');
    expect(londonDateTime(Date.parse('2026-10-25T00:59:59Z'))).toBe('2026-10-25 01:59:59');
    expect(londonDateTime(Date.parse('2026-10-25T01:00:00Z'))).toBe('2026-10-25 01:00:00');
    expect(londonDateTime(Date.parse('2026-12-31T23:00:00Z'))).toBe('2026-12-31 23:00:00'); // midnight is 00, not 24
    expect(londonDateTime(Date.parse('2027-01-01T00:00:00Z'))).toBe('2027-01-01 00:00:00');
  });

  it('reads an ISO text; passes the server’s London text through; -- for nothing', () => {
    expect(londonTimeText('2026-07-01T12:00:00.000Z')).toBe('2026-07-01 13:00:00');
    expect(londonTimeText('2026-11-27 08:17:09')).toBe('2026-11-27 08:17:09');
    expect(londonTimeText('')).toBe('--');
    expect(londonTimeText(null)).toBe('--');
    expect(londonTimeText(undefined)).toBe('--');
    expect(londonTimeText('garbageT')).toBe('garbageT');
  });

  it('keeps Western digits and the Gregorian year in every locale; an unknown locale falls back', () => {
    const summer = Date.parse('2026-07-01T12:30:00Z');
    const options = { year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    for (const locale of ['fa', 'th', 'ar', 'ja', 'en-GB']) {
      const text = londonFormat(locale, options).format(summer);
      expect(text).toMatch(/2026/);
      expect(text).toContain('13:30');
    }
    expect(londonFormat('not a locale!', options).format(summer)).toContain('13:30');
    expect(londonFormat('en-GB', options).resolvedOptions().timeZone).toBe(LONDON_TIME_ZONE);
  });
});
