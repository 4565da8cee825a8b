import { BCP47, type Language } from './languages.ts';

/**
 * Numbers as each language writes them (DESIGN §11): separators and grouping from the locale
 * ('100.000,00' in German, '1,00,000.00' in Hindi), Western digits in every language, as trading
 * platforms show prices and amounts (docs/DECISIONS.md "Numbers on screen").
 */
const formats = new Map<string, Intl.NumberFormat>();

/** The language's number format with `options` (Western digits), made once and kept. */
export function numberFormat(lang: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(BCP47[lang], { numberingSystem: 'latn', ...options });
    formats.set(key, f);
  }
  return f;
}

/** The decimal places of a plain decimal text ('12.30' → 2), or null when it is not one. */
export function decimalPlaces(text: string): number | null {
  const match = /^-?\d+(?:\.(\d+))?$/.exec(text);
  return match ? (match[1]?.length ?? 0) : null;
}

/**
 * '1234567.5' → '1,234,567.5' in English, '1.234.567,5' in German: the places as given, exact (a
 * string is read by Intl as a decimal, never through a double). A text that is not a plain decimal
 * comes back as it is.
 */
export function groupDecimal(value: string, lang: Language): string {
  const text = value.trim();
  const places = decimalPlaces(text);
  if (places === null) return value;
  const f = numberFormat(lang, { minimumFractionDigits: places, maximumFractionDigits: places });
  return f.format(text as Intl.StringNumericLiteral);
}
