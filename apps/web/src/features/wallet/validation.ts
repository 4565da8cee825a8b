import type { BindMethodFields } from './api/bind-draw-method';
import type { MethodType } from './api/keys';
import { amountToSend } from './format';

/**
 * Client checks of the wallet forms (spec §5). Each returns a catalog key, or undefined when the
 * call may go; the server repeats them (and the amount rules, which are server-side).
 */

/** An amount the server takes: above 0 (it says so itself) with at most 2 decimals, as sent. */
const AMOUNT = /^\d+(\.\d{1,2})?$/;
/** Whether a typed amount (the form's plain text) is one the server takes in form. */
export const isAmount = (amount: string) => AMOUNT.test(amountToSend(amount));
const badAmount = (amount: string) => !isAmount(amount);

/** Bank deposit: a chosen bank account first ('no pay way'), then amount and proof image. */
export function checkBankDeposit(input: {
  accountId: number | null;
  amount: string;
  proofUrl: string;
}): string | undefined {
  if (input.accountId === null) return 'wallet.noPayWay';
  if (!input.amount.trim() || !input.proofUrl) return 'form.complete';
  if (badAmount(input.amount)) return 'wallet.amountInvalid';
  return undefined;
}

/** Coin deposit: a coin option, an amount and the proof image. */
export function checkCoinDeposit(input: {
  optionId: number | null;
  amount: string;
  proofUrl: string;
}): string | undefined {
  if (input.optionId === null || !input.amount.trim() || !input.proofUrl) return 'form.complete';
  if (badAmount(input.amount)) return 'wallet.amountInvalid';
  return undefined;
}

/** The fields a bind form must fill, by type: coin address and network; the bank's core details. */
export const REQUIRED_FIELDS: Record<MethodType, ReadonlyArray<keyof BindMethodFields>> = {
  1: ['dc_address', 'network'],
  2: ['payee', 'bank_name', 'payee_name', 'payee_account'],
};

/** Bind form: a currency and every required field of the type, else 'Please complete'. */
export function checkBindMethod(
  type: MethodType,
  currencyId: number | null,
  fields: BindMethodFields,
): string | undefined {
  if (currencyId === null) return 'form.complete';
  if (REQUIRED_FIELDS[type].some((k) => !fields[k].trim())) return 'form.complete';
  return undefined;
}

/** Withdraw: a currency, a bound method ('not bound' dialog otherwise) and an amount. */
export function checkWithdrawal(input: {
  currencyId: number | null;
  methodId: number | null;
  amount: string;
}): 'form.complete' | 'notBound' | 'wallet.amountInvalid' | undefined {
  if (input.currencyId === null) return 'form.complete';
  if (input.methodId === null) return 'notBound';
  if (!input.amount.trim()) return 'form.complete';
  if (badAmount(input.amount)) return 'wallet.amountInvalid';
  return undefined;
}
