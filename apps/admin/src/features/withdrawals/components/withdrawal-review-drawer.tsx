import type { StaffCallData, staffWithdrawalsCall } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { reviewChoice } from '../../../components/review-actions';
import { ReviewDetails, ReviewDrawer } from '../../../components/review-drawer';
import type { ReviewDone } from '../../../components/review-queue';
import { DASH, formatDateTime, groupDecimal } from '../../../lib/format';
import { reviewWithdrawal, type WithdrawalAction } from '../api/withdrawals';
import { payoutItems } from './payout-details';
import { HoldWarning } from './withdrawal-holds';

export type WithdrawalRow = StaffCallData<typeof staffWithdrawalsCall>['rows'][number];

/**
 * Review of one withdrawal: its figures and destination, and Pay / Reject with a reason. After an
 * answer (or 5117: already reviewed) the list is read again and the drawer closes.
 */
export function WithdrawalReviewDrawer({ withdrawal, ...done }: ReviewDone & { withdrawal: WithdrawalRow }) {
  const { t } = useTranslation();
  const money = {
    id: withdrawal.id,
    amount: groupDecimal(withdrawal.amount),
    received: groupDecimal(withdrawal.received),
    currency: withdrawal.currencyCode,
    uid: withdrawal.uid,
  };
  const num = (v: string) => <span className="num">{groupDecimal(v)}</span>;
  return (
    <ReviewDrawer<WithdrawalAction>
      {...done}
      title={t('withdrawals.reviewTitle', { id: withdrawal.id })}
      send={(action, reason) => reviewWithdrawal(withdrawal.id, { action, reason })}
      doneText={(action) => t(action === 'pay' ? 'withdrawals.paid' : 'withdrawals.rejected', money)}
      choices={[
        reviewChoice('pay', t('withdrawals.pay'), t('withdrawals.payConfirm', money), 'primary'),
        reviewChoice('reject', t('withdrawals.reject'), t('withdrawals.rejectConfirm', money), 'danger'),
      ]}
    >
      <HoldWarning holds={withdrawal.holds} />
      <ReviewDetails
        items={[
          { key: 'uid', label: t('wallet.user'), children: withdrawal.uid },
          {
            key: 'type',
            label: t('wallet.type'),
            children: t(`withdrawals.types.${withdrawal.type}`, { defaultValue: String(withdrawal.type) }),
          },
          { key: 'amount', label: t('wallet.amountUsd'), children: num(withdrawal.amount) },
          { key: 'fee', label: t('withdrawals.fee'), children: num(withdrawal.fee) },
          { key: 'received', label: t('withdrawals.received'), children: num(withdrawal.received) },
          { key: 'currency', label: t('wallet.currency'), children: withdrawal.currencyCode || DASH },
          ...payoutItems(withdrawal, t),
          { key: 'memo', label: t('withdrawals.memo'), children: withdrawal.memo || DASH },
          { key: 'created', label: t('wallet.createdAt'), children: formatDateTime(withdrawal.createdAt) },
        ]}
      />
    </ReviewDrawer>
  );
}
