/**
 * Display formatting. Money arrives as decimal strings and is never turned into a float.
 *
 * Numbers follow the language's conventions (DESIGN §11: each language code maps to a BCP-47 tag for
 * number formatting): separators and grouping from the locale ('100.000,00' in German, '1,00,000.00'
 * in Hindi), with Western digits in every language, as trading platforms show prices and amounts
 * (docs/DECISIONS.md). Decimal strings are formatted by Intl as exact
 * decimals (a string argument is read as a decimal, not through a double), at the places they carry.
 */
import { decimalPlaces, groupDecimal as groupDecimalIn, type Language, numberFormat } from '@meridian/i18n';
import { currentLanguage } from './i18n';

/** The language's decimal mark: ',' in German, '.' in English. */
export function decimalMark(lang: Language = currentLanguage()): string {
  return (
    numberFormat(lang, {})
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal')?.value ?? '.'
  );
}

/** The language's thousands mark when it is ',' or '.' ('.' in German, ',' in English), else null. */
export function groupingMark(lang: Language = currentLanguage()): ',' | '.' | null {
  const mark = numberFormat(lang, { useGrouping: true })
    .formatToParts(1234567)
    .find((p) => p.type === 'group')?.value;
  return mark === ',' || mark === '.' ? mark : null;
}

/**
 * A decimal box's text (kept in the API's form, '0.01') as the language writes it: '0,01' in
 * German, so the box agrees with every other figure on the screen. No grouping: what the box shows
 * is read back as typed (`acceptDecimalInput` takes either mark).
 */
export function boxDecimal(text: string, lang: Language = currentLanguage()): string {
  const mark = decimalMark(lang);
  return mark === '.' ? text : text.replace('.', mark);
}

/** '1234567.5' → '1,234,567.5' in English, '1.234.567,5' in German: the places as given, exact. */
export const groupDecimal = (value: string, lang: Language = currentLanguage()): string =>
  groupDecimalIn(value, lang);

/** A price at the instrument precision, ungrouped (prices are display data, DESIGN §2). */
export function formatPrice(value: number, precision: number, lang: Language = currentLanguage()): string {
  if (!Number.isFinite(value)) return '--';
  const places = Math.max(0, Math.min(10, precision));
  // toFixed first: the digits a price has always shown (a double's exact binary value, rounded
  // once); the locale only supplies the decimal separator.
  const fixed = value.toFixed(places);
  return numberFormat(lang, {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
    useGrouping: false,
  }).format(fixed as Intl.StringNumericLiteral);
}

/** Percent change with sign: 0.5312 → "+0.53%" ("+%0,53" in Turkish); "0.00%" when it rounds to zero. */
export function formatChange(change: number, lang: Language = currentLanguage()): string {
  if (!Number.isFinite(change)) return '--';
  const fixed = Math.abs(change).toFixed(2);
  const zero = Number(fixed) === 0;
  const f = numberFormat(lang, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: zero ? 'never' : 'always',
  });
  // The two-place text as an exact decimal fraction (0.53 % is 0.0053), so the locale only places
  // the sign, the separator and the percent sign.
  return f.format(`${change < 0 ? '-' : ''}${fixed}e-2` as Intl.StringNumericLiteral);
}

/** A percent the server sends as a decimal text ('19044.38' → '19,044.38%', '%19.044,38' in Turkish), exact. */
export function formatPercentText(text: string, lang: Language = currentLanguage()): string {
  const places = decimalPlaces(text.trim());
  if (places === null) return text;
  const f = numberFormat(lang, {
    style: 'percent',
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  });
  return f.format(`${text.trim()}e-2` as Intl.StringNumericLiteral);
}

export type Trend = 'up' | 'down' | 'flat';
export const trendOf = (change: number): Trend =>
  Math.abs(change) < 0.005 ? 'flat' : change > 0 ? 'up' : 'down';
