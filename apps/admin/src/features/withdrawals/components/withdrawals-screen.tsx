import { staffReviewWithdrawalCall, WITHDRAWAL_STATUS } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { amountColumn, ReviewQueue, textColumn, useReviewQueueState } from '../../../components/review-queue';
import { DASH } from '../../../lib/format';
import { useWithdrawals, WITHDRAWAL_STATUSES, withdrawalKeys } from '../api/withdrawals';
import { payoutSummary } from './payout-details';
import { HoldTags } from './withdrawal-holds';
import { WithdrawalReviewDrawer, type WithdrawalRow } from './withdrawal-review-drawer';

const STATUS_COLORS: Record<number, string> = {
  [WITHDRAWAL_STATUS.REVIEWING]: 'processing',
  [WITHDRAWAL_STATUS.PAID]: 'success',
  [WITHDRAWAL_STATUS.REJECTED]: 'error',
};

/** Withdrawals: tabs by status, user filter, paged; those under review are paid or rejected in a drawer. */
export function WithdrawalsScreen() {
  const { t } = useTranslation();
  const state = useReviewQueueState(WITHDRAWAL_STATUSES);
  const withdrawals = useWithdrawals(state.query);
  return (
    <ReviewQueue<WithdrawalRow>
      title={t('nav.withdrawals')}
      kind="withdrawals"
      statuses={WITHDRAWAL_STATUSES}
      statusColors={STATUS_COLORS}
      state={state}
      result={withdrawals}
      listKey={withdrawalKeys.all}
      reviewCall={staffReviewWithdrawalCall}
      middle={[
        amountColumn(t('wallet.amountUsd'), 'amount'),
        amountColumn(t('withdrawals.fee'), 'fee'),
        amountColumn(t('withdrawals.received'), 'received'),
        textColumn(t('wallet.currency'), 'currencyCode'),
        {
          title: t('withdrawals.destination'),
          key: 'destination',
          ellipsis: { showTitle: false },
          render: (_: unknown, row: WithdrawalRow) => {
            const text = payoutSummary(row) || DASH;
            return <span title={text}>{text}</span>;
          },
        },
        textColumn(t('withdrawals.memo'), 'memo', true),
        {
          title: t('withdrawals.holds'),
          key: 'holds',
          render: (_: unknown, row: WithdrawalRow) => <HoldTags holds={row.holds} />,
        },
      ]}
      review={(withdrawal, done) => <WithdrawalReviewDrawer withdrawal={withdrawal} {...done} />}
    />
  );
}
