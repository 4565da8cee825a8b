import Decimal from 'decimal.js';
import { type Scaled, scaled } from './exact/scaled.ts';

/**
 * Exact money (DESIGN §2): a Decimal configured once, never a JS float. Amounts cross the wire
 * and the database as decimal strings. Rounding is always explicit and named.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });
export type Money = Decimal;

export type MoneyInput = string | bigint | Decimal;

/** Refuses JS numbers on purpose: a float must never become money by accident. */
export function money(value: MoneyInput): Decimal {
  if (typeof value === 'bigint') return new Money(value.toString());
  if (typeof value === 'string') {
    if (!/^-?\d+(\.\d+)?$/.test(value.trim())) throw new RangeError(`not a decimal amount: ${value}`);
    return new Money(value.trim());
  }
  if (value instanceof Decimal) return new Money(value);
  throw new TypeError(`money() takes a decimal string, a bigint or a Decimal, not ${typeof value}`);
}

export const roundHalfEven = (d: Decimal, places: number) =>
  d.toDecimalPlaces(places, Decimal.ROUND_HALF_EVEN);
export const floorTo = (d: Decimal, places: number) => d.toDecimalPlaces(places, Decimal.ROUND_FLOOR);

/** Figures are shown and sent with 2 decimals (spec §9), rounded half-even. */
export const toCents = (d: Decimal) => roundHalfEven(d, 2).toFixed(2);
/**
 * An account's balance (or frozen amount) in cents, cut toward zero: never more than it holds. Half-even
 * showed 848.25 for 848.249872, which no withdrawal could take (they are limited to what is held).
 */
export const toBalanceCents = (d: Decimal) => {
  const cut = d.toDecimalPlaces(2, Decimal.ROUND_DOWN);
  return (cut.isZero() ? new Decimal(0) : cut).toFixed(2);
};
/** Margin is shown with 6 decimals (spec §9). */
export const toMarginText = (d: Decimal) => roundHalfEven(d, 6).toFixed(6);

export const ZERO = new Money(0);

/** Any money input as an exact scaled integer (exact/scaled.ts), refusing floats like `money()`. */
export function scaledOf(value: MoneyInput): Scaled {
  if (typeof value === 'string') return scaled(value.trim());
  if (typeof value === 'bigint') return { n: value, s: 0 };
  return scaled(money(value).toFixed());
}
