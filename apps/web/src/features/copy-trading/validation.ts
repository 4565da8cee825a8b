import { money } from '@meridian/domain';

/**
 * Client checks of the copy-trading forms. Each returns the catalog key (and its values) of the
 * first problem, or null when the call may go; the server checks everything again.
 */
export interface Problem {
  key: string;
  values?: Record<string, string>;
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const DECIMAL = /^\d+(\.\d+)?$/;
const positive = (text: string) => DECIMAL.test(text) && money(text).gt(0);
const set = (text: string) => text !== '' && DECIMAL.test(text) && money(text).gt(0);

export interface FollowFormValues {
  amount: string;
  multiplier: string;
  maxLots: string;
  stopLoss: string;
}

/** Sizing and limits: a multiplier above 0; a max lots and a stop loss that are numbers when given. */
export function checkSettings(values: Omit<FollowFormValues, 'amount'>, equity?: string): Problem | null {
  if (!positive(values.multiplier)) return { key: 'copy.form.multiplierInvalid' };
  if (values.maxLots !== '' && !DECIMAL.test(values.maxLots)) return { key: 'copy.form.maxLotsInvalid' };
  if (values.stopLoss !== '' && !AMOUNT.test(values.stopLoss)) return { key: 'copy.form.stopLossInvalid' };
  // A copy stop loss at or above the allocation's equity would close every copy at once.
  if (
    equity !== undefined &&
    set(values.stopLoss) &&
    DECIMAL.test(equity) &&
    money(values.stopLoss).gte(equity)
  )
    return { key: 'copy.form.stopLossTooHigh' };
  return null;
}

/**
 * The follow form: an amount of at least the provider's minimum and at most the available balance
 * (when known), then the settings, with the copy stop loss below the amount.
 */
export function checkFollow(
  values: FollowFormValues,
  limits: { minAmount: string; available: string | null },
): Problem | null {
  if (values.amount === '') return { key: 'copy.form.amountRequired' };
  if (!AMOUNT.test(values.amount) || !money(values.amount).gt(0)) return { key: 'copy.form.amountInvalid' };
  if (DECIMAL.test(limits.minAmount) && money(values.amount).lt(limits.minAmount))
    return { key: 'copy.form.amountBelowMin', values: { min: limits.minAmount } };
  if (
    limits.available !== null &&
    DECIMAL.test(limits.available) &&
    money(values.amount).gt(limits.available)
  )
    return { key: 'copy.form.amountAboveBalance' };
  return checkSettings(values, values.amount);
}

/** Adding or withdrawing funds: an amount above 0, and for adding, at most the available balance. */
export function checkFunds(amount: string, available: string | null): Problem | null {
  if (amount === '') return { key: 'copy.form.amountRequired' };
  if (!AMOUNT.test(amount) || !money(amount).gt(0)) return { key: 'copy.form.amountInvalid' };
  if (available !== null && DECIMAL.test(available) && money(amount).gt(available))
    return { key: 'copy.form.amountAboveBalance' };
  return null;
}

export const MAX_FEE_PERCENT = '50';
export const MAX_NICKNAME = 30;
export const MAX_DESCRIPTION = 500;

/** The provider application: a nickname, and a fee from 0 to 50 %. */
export function checkApplication(values: { nickname: string; feePercent: string }): Problem | null {
  if (values.nickname.trim() === '') return { key: 'copy.apply.nicknameRequired' };
  const fee = values.feePercent || '0';
  if (!/^\d+(\.\d{1,2})?$/.test(fee) || money(fee).gt(MAX_FEE_PERCENT))
    return { key: 'copy.apply.feeInvalid' };
  return null;
}
