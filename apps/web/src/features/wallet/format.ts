import { decimalAtLeast, money, receivedText, toCents } from '@meridian/domain';
import { londonTimeText } from '@meridian/i18n';
import { acceptDecimalInput, type DecimalLimits } from '../../lib/decimal-input';
import { groupDecimal } from '../../lib/format';
import type { AccountLogEntry, DrawMethod } from './api/types';

/** Display helpers of the wallet screens. Money stays exact: it arrives as decimal strings. */

/** A decimal string formatted by `format`, grouped; '--' when empty, the text as is when not a decimal. */
function groupedOr(text: string | null | undefined, format: (text: string) => string): string {
  if (text === null || text === undefined || text === '') return '--';
  try {
    return groupDecimal(format(text));
  } catch {
    return text;
  }
}

/** An amount with 2 decimals (spec §9), grouped; the text as is when it is not a decimal. */
export const amountText = (text: string | null | undefined): string =>
  groupedOr(text, (t) => toCents(money(t)));

/** A withdrawal's received amount, grouped, at its currency's own decimals (0.04975 BTC, 495.00 USDT). */
export const receivedAmountText = (text: string | null | undefined): string => groupedOr(text, receivedText);

/** 'up' for a credit, 'down' for a debit, 'flat' for zero, from a decimal string. */
export function signOf(text: string): 'up' | 'down' | 'flat' {
  const t = text.trim();
  if (/^-/.test(t) && /[1-9]/.test(t)) return 'down';
  if (/[1-9]/.test(t)) return 'up';
  return 'flat';
}

/**
 * A ledger amount with its sign, at least 2 decimals and every decimal it has: '+12.50', '-3.10',
 * '-0.349653' (a trading fee is kept to the micro-dollar: shown as -0.35 it made the entries add up
 * to a cent more or less than the balance above them).
 */
export function signedAmountText(text: string): string {
  const exact = groupedOr(text, (t) => decimalAtLeast(t, 2));
  return signOf(text) === 'up' ? `+${exact}` : exact;
}

/** The ledger type whose description is the staff's own memo (spec §3). */
export const STAFF_ADJUSTMENT_TYPE = 10;

/** Spec §3: Type 10 shows Memo, every other type MemoTran (the type in the request language). */
export const historyLabelOf = (entry: Pick<AccountLogEntry, 'Type' | 'Memo' | 'MemoTran'>) =>
  entry.Type === STAFF_ADJUSTMENT_TYPE ? entry.Memo : entry.MemoTran;

/** Times in London time, as every other time on screen (`londonTimeText` of @meridian/i18n). */
export const timeText = londonTimeText;

/** Amounts as the contracts take them: at most 12 digits before the point and 2 after. */
export const AMOUNT_LIMITS: DecimalLimits = { int: 12, frac: 2 };

const NOT_A_NUMBER = '\u0000';
// Digits (Western, Arabic-Indic, Persian), the two marks, the Arabic ones, and grouping spaces.
const AMOUNT_CHARS = /^[\d.,\s\u00a0\u202f'’\u0660-\u0669\u06f0-\u06f9\u066b\u066c]*$/;

/**
 * An amount box's text as typed and what it is worth. The box keeps the text as written ('1,000'
 * while it is typed key by key, '12,50'), and the amount is read from the whole text by the decimal
 * boxes' rules (`acceptDecimalInput`): the language's thousands mark groups only before groups of
 * three digits, a single other mark is the decimal point, so '12,50' and '12.50' are 12.50 in every
 * language, '1,000' is 1000 in English and '1.000' 1000 in German. A text that is not an amount as
 * written ('1.000' in English, a third decimal) is passed on as typed, for the form and the server
 * to refuse, never changed into another number. Letters and signs are not taken at all (null).
 */
export function amountFromBox(
  text: string,
  thousands?: ',' | '.' | null,
): { raw: string; value: string } | null {
  if (!AMOUNT_CHARS.test(text) || text.length > 24) return null;
  const parsed =
    thousands === undefined
      ? acceptDecimalInput(text, NOT_A_NUMBER, AMOUNT_LIMITS)
      : acceptDecimalInput(text, NOT_A_NUMBER, AMOUNT_LIMITS, thousands);
  return { raw: text, value: parsed === NOT_A_NUMBER ? text : parsed };
}

/** An amount ready to send: the sanitized text without a dangling point ('12.' → '12', '.5' → '0.5'). */
export const amountToSend = (text: string) => text.trim().replace(/\.$/, '').replace(/^\./, '0.');

/** A masked account number for a list row: the last 4 digits. */
export const lastDigits = (account: string) => (account.length > 4 ? `•••• ${account.slice(-4)}` : account);

/** Spec §3 coin option label: code-protocol, or the code alone. */
export const currencyLabel = (code: string, protocol: string) => (protocol ? `${code}-${protocol}` : code);

/** A long address shortened for a chip: the first and last 6 characters. */
export const shortAddress = (address: string) =>
  address.length > 16 ? `${address.slice(0, 6)}…${address.slice(-6)}` : address;

/** A bound method in one line: a coin address with its network, or a bank and the account's end. */
export function methodLabel(
  method: Pick<DrawMethod, 'type' | 'dc_address' | 'network' | 'bank_name' | 'payee_account'>,
): string {
  if (method.type === 1) return [method.network, shortAddress(method.dc_address)].filter(Boolean).join(' · ');
  return [method.bank_name, lastDigits(method.payee_account)].filter(Boolean).join(' ');
}
