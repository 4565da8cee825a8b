import { describe, expect, it } from 'vitest';
import { sparklinePaths } from '../src/features/market/components/sparkline';
import {
  formatChange,
  formatPercentText,
  formatPrice,
  groupDecimal,
  groupingMark,
  trendOf,
} from '../src/lib/format';

describe('display formatting', () => {
  it('groups decimal strings without float arithmetic', () => {
    expect(groupDecimal('100000.00', 'en')).toBe('100,000.00');
    expect(groupDecimal('-1234567.89', 'en')).toBe('-1,234,567.89');
    expect(groupDecimal('12.30', 'en')).toBe('12.30');
    expect(groupDecimal('525.073950', 'en')).toBe('525.073950');
    // Beyond a double's 15–17 digits: exact (a string is read as a decimal, not through a Number).
    expect(groupDecimal('90071992547409931.01', 'en')).toBe('90,071,992,547,409,931.01');
    expect(groupDecimal('not a number', 'en')).toBe('not a number');
  });

  it("follows the language's separators and grouping, with Western digits (DESIGN §11)", () => {
    expect(groupDecimal('100000.00', 'de')).toBe('100.000,00');
    expect(groupDecimal('90071992547409931.01', 'de')).toBe('90.071.992.547.409.931,01');
    expect(groupDecimal('100000.00', 'fr')).toBe('100\u202f000,00');
    expect(groupDecimal('10000000.00', 'hi')).toBe('1,00,00,000.00');
    expect(groupDecimal('-3.10', 'fi')).toBe('\u22123,10');
    // Arabic and Persian keep Western digits (prices are compared with charts and other platforms).
    for (const lang of ['ar', 'fa'] as const) {
      const text = groupDecimal('1234.50', lang);
      expect(text).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
      expect(text.replace(/\D/g, '')).toBe('123450');
    }
    expect(formatPrice(1.0851, 5, 'de')).toBe('1,08510');
    expect(formatPrice(104811.55, 2, 'de')).toBe('104811,55'); // prices are not grouped
    expect(formatChange(0.531, 'tr')).toBe('+%0,53');
    expect(formatChange(-1.2, 'de')).toBe('-1,20\u00a0%');
    expect(formatPercentText('19044.38', 'de')).toBe('19.044,38\u00a0%');
    // The thousands mark a pasted '105,000' is read with (decimal-input.ts).
    expect([groupingMark('en'), groupingMark('hk'), groupingMark('de'), groupingMark('fr')]).toEqual([
      ',',
      ',',
      '.',
      null,
    ]);
  });

  it('formats prices at the precision, signed changes and percents', () => {
    expect(formatPrice(1.0851, 5, 'en')).toBe('1.08510');
    expect(formatPrice(2345.5, 2, 'en')).toBe('2345.50');
    expect(formatPrice(Number.NaN, 2, 'en')).toBe('--');
    expect(formatChange(0.531, 'en')).toBe('+0.53%');
    expect(formatChange(-1.2, 'en')).toBe('-1.20%');
    expect(formatChange(0.001, 'en')).toBe('0.00%');
    expect(formatChange(-0.004, 'en')).toBe('0.00%');
    expect(formatPercentText('19044.38', 'en')).toBe('19,044.38%');
    expect(formatPercentText('0.53', 'en')).toBe('0.53%');
    expect(trendOf(0.2)).toBe('up');
    expect(trendOf(-0.2)).toBe('down');
    expect(trendOf(0)).toBe('flat');
  });

  it('builds a closed sparkline area path', () => {
    expect(sparklinePaths([1])).toBeNull();
    const p = sparklinePaths([1, 2, 3])!;
    expect(p.line.startsWith('M0.0,')).toBe(true);
    expect(p.area.endsWith('Z')).toBe(true);
  });
});

describe('prices in input boxes (what the API takes)', () => {
  it("are kept plain in every language and shown with the language's decimal mark", async () => {
    const { i18n } = await import('../src/lib/i18n');
    const { inputPriceText, priceText } = await import('../src/features/orders/format');
    const order = { ForexTradeLists: { Code: 'EURUSD', ShowCode: 'EUR/USD', PricePrecision: 5 } };
    if (!i18n.isInitialized) await i18n.init({ lng: 'en', resources: {} });
    const before = i18n.language;
    await i18n.changeLanguage('de');
    try {
      expect(priceText(1.16512, order)).toBe('1,16512');
      expect(inputPriceText(1.16512, order)).toBe('1.16512');
      expect(inputPriceText(0, order)).toBe('');
      // The box shows it with the language's mark and reads back either mark.
      const { boxDecimal } = await import('../src/lib/format');
      const { acceptDecimalInput, LOT_LIMITS } = await import('../src/lib/decimal-input');
      expect(boxDecimal('1.16512')).toBe('1,16512');
      expect(boxDecimal('0.01', 'en')).toBe('0.01');
      expect(boxDecimal('0.01', 'hi')).toBe('0.01');
      expect(boxDecimal('12')).toBe('12');
      expect(acceptDecimalInput(`${boxDecimal('0.0')}2`, '0.0', LOT_LIMITS)).toBe('0.02');
      expect(acceptDecimalInput(boxDecimal('1.'), '1', LOT_LIMITS)).toBe('1.');
      // A profit's sign comes from its value, whatever the language writes before the digits.
      const { profitText } = await import('../src/features/orders/format');
      for (const lang of ['fi', 'et', 'fa', 'ar', 'de']) {
        await i18n.changeLanguage(lang);
        expect(profitText('-3.10'), lang).not.toMatch(/^\+/);
        expect(profitText('3.10'), lang).toMatch(/^\+/);
        expect(profitText('0.001'), lang).not.toMatch(/^\+/);
      }
    } finally {
      await i18n.changeLanguage(before);
    }
  });
});
