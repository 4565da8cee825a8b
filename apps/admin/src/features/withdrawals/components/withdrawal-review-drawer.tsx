import type { StaffCallData, staffWithdrawalsCall } from '@meridian/contracts';
import { Descriptions, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReviewActions, type ReviewChoice } from '../../../components/review-actions';
import { useReview } from '../../../hooks/use-review';
import { DASH, formatDateTime, groupDecimal } from '../../../lib/format';
import { reviewWithdrawal, type WithdrawalAction } from '../api/withdrawals';
import { payoutItems } from './payout-details';
import { HoldWarning } from './withdrawal-holds';

export type WithdrawalRow = StaffCallData<typeof staffWithdrawalsCall>['rows'][number];

/**
 * Review of one withdrawal: its figures and destination, and Pay / Reject with a reason. After an
 * answer (or 5117: already reviewed) the list is read again and the drawer closes.
 */
export function WithdrawalReviewDrawer({
  withdrawal,
  onClose,
  onReviewed,
}: {
  withdrawal: WithdrawalRow;
  onClose: () => void;
  onReviewed: () => void;
}) {
  const { t } = useTranslation();
  const money = {
    id: withdrawal.id,
    amount: groupDecimal(withdrawal.amount),
    received: groupDecimal(withdrawal.received),
    currency: withdrawal.currencyCode,
    uid: withdrawal.uid,
  };
  const review = useReview<WithdrawalAction>(
    (action, reason) => reviewWithdrawal(withdrawal.id, { action, reason }),
    {
      onReviewed,
      onClose,
      doneText: (action) => t(action === 'pay' ? 'withdrawals.paid' : 'withdrawals.rejected', money),
    },
  );
  const choices: Array<ReviewChoice<WithdrawalAction>> = [
    {
      action: 'pay',
      label: t('withdrawals.pay'),
      description: t('withdrawals.payConfirm', money),
      primary: true,
    },
    {
      action: 'reject',
      label: t('withdrawals.reject'),
      description: t('withdrawals.rejectConfirm', money),
      danger: true,
    },
  ];
  const num = (v: string) => <span className="num">{groupDecimal(v)}</span>;
  return (
    <Drawer
      open
      size={560}
      title={t('withdrawals.reviewTitle', { id: withdrawal.id })}
      onClose={onClose}
      destroyOnHidden
      footer={
        <ReviewActions
          choices={choices}
          busy={review.isPending}
          onSubmit={(action, reason) => review.mutateAsync({ action, reason })}
        />
      }
    >
      <HoldWarning holds={withdrawal.holds} />
      <Descriptions
        size="small"
        column={1}
        bordered
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
    </Drawer>
  );
}
