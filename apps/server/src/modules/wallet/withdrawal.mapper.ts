import { WITHDRAWAL_STATUS } from '@meridian/contracts';
import { money, receivedText } from '@meridian/domain';
import type { Language } from '@meridian/i18n';
import { translate } from '@meridian/i18n/node';
import { iso } from '../../lib/iso-time.ts';
import { londonText } from './london-time.ts';
import type { WithdrawalRow } from './wallet.repository.ts';
import { USED_FOR_LOSS_REMARK } from './wallet-settlement.ts';

/** A withdrawal as the trader's records show it, in their language. */
export function withdrawalRecordDto(w: WithdrawalRow, lang: Language) {
  // A pay or reject being applied still shows as under review to the user.
  const status =
    w.status === WITHDRAWAL_STATUS.PAYING || w.status === WITHDRAWAL_STATUS.REJECTING
      ? WITHDRAWAL_STATUS.REVIEWING
      : w.status;
  return {
    id: w.id,
    number: money(w.amount).toFixed(2),
    real_number: receivedText(w.received),
    fee: money(w.fee).toFixed(2),
    status,
    status_name: translate(lang, `wallet.draw_status_${status}`),
    created_at: londonText(w.createdAt),
    type: w.type,
    address: w.type === 1 ? w.destination : '',
    payee_account: w.type === 2 ? w.destination : '',
    notes: w.memo,
    // The settlement's own note is a code, told in the trader's language.
    remark:
      w.remark === USED_FOR_LOSS_REMARK ? translate(lang, 'wallet.remark_used_for_loss') : (w.remark ?? ''),
    draw_currency: { code: w.currencyCode },
  };
}

/** What staff see of a withdrawal's owner where they decide. */
export type WithdrawalHolder = {
  uid: string;
  loginFrozen: boolean;
  tradingFrozen: boolean;
  frozenReason: string;
};

/** A withdrawal as staff review it (and as the audit log records it). */
export const staffWithdrawalDto = (w: WithdrawalRow, user: WithdrawalHolder | undefined) => ({
  id: w.id,
  userId: w.userId,
  uid: user?.uid ?? '',
  // A compliance freeze does not stop a withdrawal request (DECISIONS 'Freezes'); staff paying it
  // see the hold and its reason where they decide.
  holds: {
    loginFrozen: user?.loginFrozen ?? false,
    tradingFrozen: user?.tradingFrozen ?? false,
    reason: user?.frozenReason ?? '',
  },
  type: w.type,
  amount: money(w.amount).toFixed(2),
  fee: money(w.fee).toFixed(2),
  received: receivedText(w.received),
  currencyCode: w.currencyCode,
  destination: w.destination,
  payout: w.payout ?? null,
  status: w.status,
  memo: w.memo,
  remark: w.remark,
  reviewedBy: w.reviewedBy,
  createdAt: w.createdAt.toISOString(),
  reviewedAt: iso(w.reviewedAt),
});
