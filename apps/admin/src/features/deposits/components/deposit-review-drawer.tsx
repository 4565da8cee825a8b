import type { StaffCallData, staffDepositsCall } from '@meridian/contracts';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reviewChoice } from '../../../components/review-actions';
import { ReviewDetails, ReviewDrawer } from '../../../components/review-drawer';
import type { ReviewDone } from '../../../components/review-queue';
import { DASH, formatDateTime, groupDecimal } from '../../../lib/format';
import { type DepositAction, reviewDeposit } from '../api/deposits';
import { ProofImage } from './proof-image';

export type DepositRow = StaffCallData<typeof staffDepositsCall>['rows'][number];

const DONE_KEYS = {
  approve: 'deposits.approved',
  reject: 'deposits.rejected',
  void: 'deposits.voided',
} as const;

/**
 * Review of one waiting deposit: its figures, the proof image (fetched with the staff token), and
 * Approve / Reject / Void, each with a reason. After an answer (or 5117: someone else reviewed it
 * first) the list is read again and the drawer closes.
 */
export function DepositReviewDrawer({ deposit, ...done }: ReviewDone & { deposit: DepositRow }) {
  const { t } = useTranslation();
  const money = { id: deposit.id, amount: groupDecimal(deposit.amount), uid: deposit.uid };
  return (
    <ReviewDrawer<DepositAction>
      {...done}
      title={t('deposits.reviewTitle', { id: deposit.id })}
      send={(action, reason) => reviewDeposit(deposit.id, { action, reason })}
      doneText={(action) => t(DONE_KEYS[action], money)}
      choices={[
        reviewChoice('approve', t('deposits.approve'), t('deposits.approveConfirm', money), 'primary'),
        reviewChoice('reject', t('deposits.reject'), t('deposits.rejectConfirm', money), 'danger'),
        reviewChoice('void', t('deposits.void'), t('deposits.voidConfirm', money), 'danger'),
      ]}
    >
      <Flex vertical gap={16}>
        <ReviewDetails
          items={[
            { key: 'uid', label: t('wallet.user'), children: deposit.uid },
            { key: 'type', label: t('wallet.type'), children: t(`deposits.types.${deposit.type}`) },
            {
              key: 'amount',
              label: t('wallet.amountUsd'),
              children: <span className="num">{groupDecimal(deposit.amount)}</span>,
            },
            { key: 'currency', label: t('wallet.currency'), children: deposit.currencyCode || DASH },
            {
              key: 'address',
              label: t('deposits.address'),
              children: deposit.address ? (
                <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                  {deposit.address}
                </Typography.Text>
              ) : (
                DASH
              ),
            },
            { key: 'created', label: t('wallet.createdAt'), children: formatDateTime(deposit.createdAt) },
          ]}
        />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('wallet.proof')}
        </Typography.Title>
        <ProofImage url={deposit.proofUrl} alt={t('wallet.proofOf', { id: deposit.id })} />
      </Flex>
    </ReviewDrawer>
  );
}
