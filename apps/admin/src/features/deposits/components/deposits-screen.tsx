import { DEPOSIT_STATUS, staffReviewDepositCall } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { amountColumn, ReviewQueue, textColumn, useReviewQueueState } from '../../../components/review-queue';
import { DEPOSIT_STATUSES, depositKeys, useDeposits } from '../api/deposits';
import { DepositReviewDrawer, type DepositRow } from './deposit-review-drawer';

const STATUS_COLORS: Record<number, string> = {
  [DEPOSIT_STATUS.UNCHECKED]: 'processing',
  [DEPOSIT_STATUS.FINISHED]: 'success',
  [DEPOSIT_STATUS.REJECTED]: 'error',
  [DEPOSIT_STATUS.INVALID]: 'default',
};

/** Deposits: tabs by status, user filter, paged; waiting ones are reviewed in a drawer with the proof. */
export function DepositsScreen() {
  const { t } = useTranslation();
  const state = useReviewQueueState(DEPOSIT_STATUSES);
  const deposits = useDeposits(state.query);
  return (
    <ReviewQueue<DepositRow>
      title={t('nav.deposits')}
      kind="deposits"
      statuses={DEPOSIT_STATUSES}
      statusColors={STATUS_COLORS}
      state={state}
      result={deposits}
      listKey={depositKeys.all}
      reviewCall={staffReviewDepositCall}
      middle={[
        amountColumn(t('wallet.amountUsd'), 'amount'),
        textColumn(t('wallet.currency'), 'currencyCode'),
        textColumn(t('deposits.address'), 'address', true),
      ]}
      review={(deposit, done) => <DepositReviewDrawer deposit={deposit} {...done} />}
    />
  );
}
