import { DEPOSIT_STATUS } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { amountColumn, type QueueStatuses, ReviewQueue, textColumn } from '../../../components/review-queue';
import { depositsApi } from '../api/deposits';
import { DepositReviewDrawer, type DepositRow } from './deposit-review-drawer';

/** Deposit status (DESIGN §7): the tabs of the screen, in order. */
const STATUSES: QueueStatuses = [
  { status: DEPOSIT_STATUS.UNCHECKED, color: 'processing' },
  { status: DEPOSIT_STATUS.FINISHED, color: 'success' },
  { status: DEPOSIT_STATUS.REJECTED, color: 'error' },
  { status: DEPOSIT_STATUS.INVALID, color: 'default' },
];

/** Deposits: tabs by status, user filter, paged; waiting ones are reviewed in a drawer with the proof. */
export function DepositsScreen() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<DepositRow>
      title={t('nav.deposits')}
      statuses={STATUSES}
      api={depositsApi}
      middle={[
        amountColumn(t('wallet.amountUsd'), 'amount'),
        textColumn(t('wallet.currency'), 'currencyCode'),
        textColumn(t('deposits.address'), 'address', true),
      ]}
      review={(deposit, done) => <DepositReviewDrawer deposit={deposit} {...done} />}
    />
  );
}
