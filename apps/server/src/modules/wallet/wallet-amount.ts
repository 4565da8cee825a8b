import { parseWithdrawalAmount } from '@meridian/domain';
import { AppError } from '../../lib/app-error.ts';

/** The amount a user typed, exact: at most 2 decimals, above 0. */
export function amountOf(text: string) {
  if (!text) throw new AppError('WALLET_AMOUNT_REQUIRED');
  const a = parseWithdrawalAmount(text);
  if (!a) throw new AppError('WALLET_AMOUNT_INVALID');
  return a;
}
