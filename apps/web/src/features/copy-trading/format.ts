import { money, toCents } from '@meridian/domain';
import { decimalPlaces, londonTimeText } from '@meridian/i18n';
import { acceptDecimalInput, type DecimalLimits } from '../../lib/decimal-input';
import { formatPercentText, formatPrice, groupDecimal } from '../../lib/format';

/** Display helpers of the copy-trading screens. Money and rates arrive as decimal strings and stay exact. */

/** 'up' for a gain, 'down' for a loss, 'flat' for zero, from a decimal string. */
export function signOf(text: string): 'up' | 'down' | 'flat' {
  const t = text.trim();
  if (/^-/.test(t) && /[1-9]/.test(t)) return 'down';
  if (/[1-9]/.test(t)) return 'up';
  return 'flat';
}

/** The amount rounded to cents as plain text, or null when it is not a decimal. */
function centsOf(text: string): string | null {
  try {
    return toCents(money(text));
  } catch {
    return null;
  }
}

/** An amount in USD with 2 decimals, grouped; '--' when empty, the text as is when not a decimal. */
export function usdText(text: string | null | undefined): string {
  if (text === null || text === undefined || text === '') return '--';
  const cents = centsOf(text);
  return cents === null ? text : groupDecimal(cents);
}

/** A zero written with a minus ('-0.00', what rounding a tiny loss gives) without it. */
const unsignedZero = (text: string) => (signOf(text) === 'flat' ? text.replace(/^-/, '') : text);

/** A profit with its sign: '+12.50', '-3.10', '0.00'. */
export function profitText(text: string): string {
  const cents = centsOf(text);
  if (cents === null) return text || '--';
  return signOf(cents) === 'up' ? `+${groupDecimal(cents)}` : groupDecimal(unsignedZero(cents));
}

/** A return the server sends in percent ('12.34'), with its sign: '+12.34%' ('+%12,34' in Turkish). */
export function rateText(text: string): string {
  const plain = unsignedZero(text.trim());
  if (decimalPlaces(plain) === null) return text || '--';
  const shown = formatPercentText(plain);
  return signOf(plain) === 'up' ? `+${shown}` : shown;
}

/** A percent without sign (a win rate, a fee, a drawdown): '62.50%'. */
export const percentText = (text: string) => (text ? formatPercentText(unsignedZero(text.trim())) : '--');

/** A price as the server writes it ('1.08512'), in the language's decimal mark, at its own places. */
export function priceText(text: string): string {
  const places = decimalPlaces(text.trim());
  if (places === null) return text || '--';
  const value = Number(text);
  return value > 0 ? formatPrice(value, places) : '--';
}

/** A signed price difference (the slippage of a copy): '+0.00012', '-0.00003', '0.00000'. */
export function priceDiffText(text: string): string {
  const places = decimalPlaces(text.trim());
  if (places === null) return text || '--';
  const shown = formatPrice(Math.abs(Number(text)), places);
  const sign = signOf(text);
  return sign === 'up' ? `+${shown}` : sign === 'down' ? `-${shown}` : shown;
}

/** Lots, grouped, at the places the server wrote them. */
export const lotsText = (text: string) =>
  decimalPlaces(text.trim()) === null ? text : groupDecimal(text.trim());

/** Whether a decimal text is zero (or empty): a limit that is not set. */
export const isZero = (text: string) => !/[1-9]/.test(text);

/** Times in London time, as every other time on screen. */
export const timeText = londonTimeText;

/** Amounts as the contracts take them: at most 12 digits before the point and 2 after. */
export const AMOUNT_LIMITS: DecimalLimits = { int: 12, frac: 2 };
/** The multiplier: at most 4 digits before the point and 2 after. */
export const MULTIPLIER_LIMITS: DecimalLimits = { int: 4, frac: 2 };
/** Lots: at most 12 digits before the point and 8 after. */
export const LOTS_LIMITS: DecimalLimits = { int: 12, frac: 8 };
/** The provider's fee in percent: 0 to 50, 2 decimals. */
export const FEE_LIMITS: DecimalLimits = { int: 2, frac: 2 };

/** A box's text after a keystroke: the API's form, or what it held when the text is not a number. */
export const acceptBox = (next: string, previous: string, limits: DecimalLimits) =>
  acceptDecimalInput(next, previous, limits);

/** The first letter or digit of a name, for an avatar without a picture. */
export const initialOf = (name: string) => (name.match(/[\p{L}\d]/u)?.[0] ?? '?').toUpperCase();
