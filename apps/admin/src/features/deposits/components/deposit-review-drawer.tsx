import type { StaffCallData, staffDepositsCall } from '@meridian/contracts';
import { Descriptions, Drawer, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReviewActions, type ReviewChoice } from '../../../components/review-actions';
import { useReview } from '../../../hooks/use-review';
import { DASH, formatDateTime, groupDecimal } from '../../../lib/format';
import { type DepositAction, reviewDeposit } from '../api/deposits';
import { ProofImage } from './proof-image';

export type DepositRow = StaffCallData<typeof staffDepositsCall>['rows'][number];

/**
 * Review of one waiting deposit: its figures, the proof image (fetched with the staff token), and
 * Approve / Reject / Void, each with a reason. After an answer (or 5117: someone else reviewed it
 * first) the list is read again and the drawer closes.
 */
export function DepositReviewDrawer({
  deposit,
  onClose,
  onReviewed,
}: {
  deposit: DepositRow;
  onClose: () => void;
  onReviewed: () => void;
}) {
  const { t } = useTranslation();
  const money = { id: deposit.id, amount: groupDecimal(deposit.amount), uid: deposit.uid };
  const review = useReview<DepositAction>((action, reason) => reviewDeposit(deposit.id, { action, reason }), {
    onReviewed,
    onClose,
    doneText: (action) =>
      t(
        action === 'approve'
          ? 'deposits.approved'
          : action === 'reject'
            ? 'deposits.rejected'
            : 'deposits.voided',
        money,
      ),
  });
  const choices: Array<ReviewChoice<DepositAction>> = [
    {
      action: 'approve',
      label: t('deposits.approve'),
      description: t('deposits.approveConfirm', money),
      primary: true,
    },
    {
      action: 'reject',
      label: t('deposits.reject'),
      description: t('deposits.rejectConfirm', money),
      danger: true,
    },
    {
      action: 'void',
      label: t('deposits.void'),
      description: t('deposits.voidConfirm', money),
      danger: true,
    },
  ];
  return (
    <Drawer
      open
      size={560}
      title={t('deposits.reviewTitle', { id: deposit.id })}
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
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={1}
          bordered
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
    </Drawer>
  );
}
