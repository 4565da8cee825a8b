import { groupingMark } from './format';

/** How many digits a decimal box takes before and after the point. */
export interface DecimalLimits {
  int: number;
  frac: number;
}

/** Lots as the API takes them (NUMERIC(20,8)). */
export const LOT_LIMITS: DecimalLimits = { int: 12, frac: 8 };
/** A price of an instrument quoted to `precision` places (the API takes 14 digits before the point). */
export const priceLimits = (precision: number): DecimalLimits => ({ int: 14, frac: Math.max(0, precision) });

// Spaces of every kind and apostrophes group digits in some locales (1 000, 1'000); never a value.
const GROUPING_ONLY = /[\s\u00a0\u202f\u2009'’]/g;

/**
 * What a decimal box (a price, lots) holds after the trader typed or pasted `next`, given what it
 * held (`previous`): the text in the API's form (digits, at most one '.'), or `previous` unchanged
 * when `next` is not a number as written. Nothing is ever silently turned into another number:
 * '4,100.00' is 4100.00, '1,5' is 1.5 (a comma keyboard), but '1e3', '$12', '-1' or '1.2.3' are
 * not taken at all (they used to become 13, 12, 1 and 1.23).
 *
 * One separator alone is the decimal mark, except the language's own thousands mark before exactly
 * three digits: '105,000' pasted in English is 105000 (it was read as 105.000, then refused on a
 * 2-place price, or taken as 1 lot for '1,000'), in German 105.000. Typing is unaffected: the box
 * shows its text with the language's decimal mark after each keystroke. Both kinds together: the
 * last one is the decimal mark, the other groups thousands; one kind repeated groups thousands only
 * in groups of three ('1,000,000').
 */
export function acceptDecimalInput(
  next: string,
  previous: string,
  limits: DecimalLimits,
  thousands: ',' | '.' | null = groupingMark(),
): string {
  const text = westernDigits(next).replace(GROUPING_ONLY, '');
  if (!/^[\d.,]*$/.test(text)) return previous;
  const commas = text.split(',').length - 1;
  const dots = text.split('.').length - 1;
  let plain: string;
  if (commas > 0 && dots > 0) {
    const mark = text.lastIndexOf(',') > text.lastIndexOf('.') ? ',' : '.';
    const group = mark === ',' ? '.' : ',';
    if ((mark === ',' ? commas : dots) > 1) return previous;
    const [whole = '', fraction = ''] = text.split(mark);
    if (!isGrouped(whole, group)) return previous;
    plain = `${whole.split(group).join('')}.${fraction}`;
  } else if (commas + dots === 1) {
    const mark = commas === 1 ? ',' : '.';
    plain =
      mark === thousands && /^\d{1,3}[,.]\d{3}$/.test(text) ? text.replace(mark, '') : text.replace(',', '.');
  } else if (commas + dots > 1) {
    const group = commas > 0 ? ',' : '.';
    if (!isGrouped(text, group)) return previous;
    plain = text.split(group).join('');
  } else plain = text;
  const [whole = '', fraction] = plain.split('.');
  if (whole.length > limits.int) return previous;
  if (fraction !== undefined && (fraction.length > limits.frac || limits.frac === 0)) return previous;
  return plain;
}

/**
 * Arabic-Indic and Persian digits as ASCII, and the Arabic decimal and thousands marks as '.' and
 * ',': what a phone keyboard in ar or fa types into a decimal box.
 */
function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u066b\u066c]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code === 0x066b) return '.';
    if (code === 0x066c) return ',';
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** '1,234,567' with ',': one to three digits, then groups of exactly three. */
function isGrouped(text: string, group: string): boolean {
  const parts = text.split(group);
  if (parts.length === 1) return true;
  return /^\d{1,3}$/.test(parts[0]!) && parts.slice(1).every((p) => /^\d{3}$/.test(p));
}
