import { staffReviewWithdrawalCall } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  amountColumn,
  ReviewQueue,
  textColumn,
  useReviewColumns,
  useReviewQueueState,
} from '../../../components/review-queue';
import { canUse } from '../../../lib/access';
import { DASH } from '../../../lib/format';
import { useSignedInStaff } from '../../../lib/me';
import { dashboardKeys } from '../../dashboard/api/get-dashboard';
import { useWithdrawals, WITHDRAWAL_STATUSES, withdrawalKeys } from '../api/withdrawals';
import { payoutSummary } from './payout-details';
import { HoldTags } from './withdrawal-holds';
import { WithdrawalReviewDrawer, type WithdrawalRow } from './withdrawal-review-drawer';

const STATUS_COLORS: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };

/** Withdrawals: tabs by status, user filter, paged; those under review are paid or rejected in a drawer. */
export function WithdrawalsScreen() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const queryClient = useQueryClient();
  const state = useReviewQueueState(WITHDRAWAL_STATUSES);
  const [reviewing, setReviewing] = useState<WithdrawalRow | null>(null);
  const withdrawals = useWithdrawals({ status: state.status, uid: state.uid, ...state.paging });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: withdrawalKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  };
  const columns = useReviewColumns<WithdrawalRow>({
    kind: 'withdrawals',
    statusColors: STATUS_COLORS,
    onReview: canUse(staff.role, staffReviewWithdrawalCall) ? setReviewing : undefined,
    middle: [
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
    ],
  });

  return (
    <ReviewQueue<WithdrawalRow>
      title={t('nav.withdrawals')}
      kind="withdrawals"
      statuses={WITHDRAWAL_STATUSES}
      state={state}
      result={withdrawals}
      columns={columns}
    >
      {reviewing ? (
        <WithdrawalReviewDrawer
          withdrawal={reviewing}
          onClose={() => setReviewing(null)}
          onReviewed={refresh}
        />
      ) : null}
    </ReviewQueue>
  );
}
