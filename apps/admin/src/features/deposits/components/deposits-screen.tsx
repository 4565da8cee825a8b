import { staffReviewDepositCall } from '@meridian/contracts';
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
import { useSignedInStaff } from '../../../lib/me';
import { dashboardKeys } from '../../dashboard/api/get-dashboard';
import { DEPOSIT_STATUSES, depositKeys, useDeposits } from '../api/deposits';
import { DepositReviewDrawer, type DepositRow } from './deposit-review-drawer';

const STATUS_COLORS: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default' };

/** Deposits: tabs by status, user filter, paged; waiting ones are reviewed in a drawer with the proof. */
export function DepositsScreen() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const queryClient = useQueryClient();
  const state = useReviewQueueState(DEPOSIT_STATUSES);
  const [reviewing, setReviewing] = useState<DepositRow | null>(null);
  const deposits = useDeposits({ status: state.status, uid: state.uid, ...state.paging });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: depositKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  };
  const columns = useReviewColumns<DepositRow>({
    kind: 'deposits',
    statusColors: STATUS_COLORS,
    onReview: canUse(staff.role, staffReviewDepositCall) ? setReviewing : undefined,
    middle: [
      amountColumn(t('wallet.amountUsd'), 'amount'),
      textColumn(t('wallet.currency'), 'currencyCode'),
      textColumn(t('deposits.address'), 'address', true),
    ],
  });

  return (
    <ReviewQueue<DepositRow>
      title={t('nav.deposits')}
      kind="deposits"
      statuses={DEPOSIT_STATUSES}
      state={state}
      result={deposits}
      columns={columns}
    >
      {reviewing ? (
        <DepositReviewDrawer deposit={reviewing} onClose={() => setReviewing(null)} onReviewed={refresh} />
      ) : null}
    </ReviewQueue>
  );
}
