import type { Order } from '@meridian/contracts';
import { money, toCents, toMarginText } from '@meridian/domain';
import { londonTimeText } from '@meridian/i18n';
import { formatPercentText, formatPrice, groupDecimal } from '../../lib/format';

/** Display helpers of the order screen. Money stays exact (it arrives as decimal strings). */

/** A price at the order's instrument precision; 0 means "none" and shows '--'. */
export const priceText = (value: number, order: Pick<Order, 'ForexTradeLists'>) =>
  value > 0 ? formatPrice(value, order.ForexTradeLists.PricePrecision) : '--';

/**
 * A price as an input box holds it and the API takes it: plain digits and a point at the
 * instrument's precision, whatever the language ('1.16512', never the German '1,16512').
 */
export const inputPriceText = (value: number, order: Pick<Order, 'ForexTradeLists'>) =>
  value > 0 ? value.toFixed(Math.max(0, Math.min(10, order.ForexTradeLists.PricePrecision))) : '';

/** 'up' for a gain, 'down' for a loss, 'flat' for zero, from a decimal string. */
export function signOf(text: string): 'up' | 'down' | 'flat' {
  const t = text.trim();
  if (/^-/.test(t) && /[1-9]/.test(t)) return 'down';
  if (/[1-9]/.test(t)) return 'up';
  return 'flat';
}

/** An amount in USD with 2 decimals (spec §9), grouped; the text as is when it is not a decimal. */
export function usdText(text: string): string {
  const cents = centsOf(text);
  return cents === null ? text || '--' : groupDecimal(cents);
}

/**
 * Margin and fee: 6 decimals, as the trade screen's preview shows them (the server trims a fee's
 * trailing zeros: '0.33201'); the text as is when it is not a decimal.
 */
export function usd6Text(text: string): string {
  try {
    return groupDecimal(toMarginText(money(text)));
  } catch {
    return text || '--';
  }
}

/** A profit: 2 decimals with its sign, '+12.50' / '-3.10' / '0.00'. */
export function profitText(text: string): string {
  // The sign of the value, not of the localized text (U+2212 minus, a direction mark in front).
  return signOf(centsOf(text) ?? '') === 'up' ? `+${usdText(text)}` : usdText(text);
}

/** The amount rounded to cents as plain text, or null when it is not a decimal. */
function centsOf(text: string): string | null {
  try {
    return toCents(money(text));
  } catch {
    return null;
  }
}

/** A percent text from the server ('' when nothing is held). */
export const percentText = (text: string | null | undefined) => (text ? formatPercentText(text) : '--');

/** Times in London time, as every other time on screen (`londonTimeText` of @meridian/i18n). */
export const timeText = londonTimeText;

export const isBuy = (order: Pick<Order, 'OrderType'>) => order.OrderType === 1;
