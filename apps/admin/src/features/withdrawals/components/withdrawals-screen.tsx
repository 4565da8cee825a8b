import { WITHDRAWAL_STATUS } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { amountColumn, type QueueStatuses, ReviewQueue, textColumn } from '../../../components/review-queue';
import { DASH } from '../../../lib/format';
import { withdrawalsApi } from '../api/withdrawals';
import { payoutSummary } from './payout-details';
import { HoldTags } from './withdrawal-holds';
import { WithdrawalReviewDrawer, type WithdrawalRow } from './withdrawal-review-drawer';

/** Withdrawal status (DESIGN §8): the tabs of the screen, in order. */
const STATUSES: QueueStatuses = [
  { status: WITHDRAWAL_STATUS.REVIEWING, color: 'processing' },
  { status: WITHDRAWAL_STATUS.PAID, color: 'success' },
  { status: WITHDRAWAL_STATUS.REJECTED, color: 'error' },
];

/** Withdrawals: tabs by status, user filter, paged; those under review are paid or rejected in a drawer. */
export function WithdrawalsScreen() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<WithdrawalRow>
      title={t('nav.withdrawals')}
      statuses={STATUSES}
      api={withdrawalsApi}
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
