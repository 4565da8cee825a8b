import { PROVIDER_STATUS, staffReviewProviderCall } from '@meridian/contracts';
import { Alert, Button, Card, Descriptions, Drawer, Empty, Flex, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '../../../components/amount';
import { ErrorState } from '../../../components/error-state';
import { canUse } from '../../../lib/access';
import { DASH, formatCount, formatDateTime } from '../../../lib/format';
import { useSignedInStaff } from '../../../lib/me';
import { type ProviderAction, type ProviderRow, useProviderByUid } from '../api/providers';
import { FeePercent, ProviderName, ProviderStatusTag, Rate, UserUid } from './copy-tags';
import { REVIEW_LOOKS, ReviewProviderModal } from './review-provider-modal';

/** What staff may do to a provider in each status (a removed or rejected one has nothing left). */
export const ACTIONS_BY_STATUS: Record<number, readonly ProviderAction[]> = {
  [PROVIDER_STATUS.APPLIED]: ['approve', 'reject'],
  [PROVIDER_STATUS.APPROVED]: ['suspend', 'remove'],
  [PROVIDER_STATUS.SUSPENDED]: ['reinstate', 'remove'],
  [PROVIDER_STATUS.REMOVED]: [],
  [PROVIDER_STATUS.REJECTED]: [],
};

/**
 * One provider: the profile the trader wrote (picture, nickname, description, fee), their figures
 * and account, the last review, links to their followers, refused copies and fees, and the review
 * buttons the status allows (compliance and the owner only). After a decision the lists are read
 * again and the drawer closes.
 */
export function ProviderDrawer({
  uid,
  row,
  listLoaded,
  onClose,
  onReviewed,
}: {
  uid: string;
  /** The provider's row on the page shown, when it is there. */
  row: ProviderRow | undefined;
  /** The page has loaded: a row missing from it is looked up by its UID. */
  listLoaded: boolean;
  onClose: () => void;
  onReviewed: () => void;
}) {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const lookup = useProviderByUid(uid, listLoaded && row === undefined);
  const provider = row ?? lookup.data ?? undefined;
  const [action, setAction] = useState<ProviderAction | null>(null);
  const canReview = canUse(staff.role, staffReviewProviderCall);
  const actions = provider && canReview ? (ACTIONS_BY_STATUS[provider.status] ?? []) : [];
  const reviewed = () => {
    setAction(null);
    onReviewed();
    onClose();
  };

  let body: ReactNode;
  if (provider) body = <ProviderDetails provider={provider} />;
  else if (lookup.isError) body = <ErrorState error={lookup.error} onRetry={() => void lookup.refetch()} />;
  else if (lookup.data === null) body = <Empty description={t('copy.providerNotFound', { uid })} />;
  else body = <Skeleton active paragraph={{ rows: 10 }} />;

  return (
    <Drawer
      open
      size={640}
      title={
        <Flex gap={8} align="center" wrap>
          {t('copy.drawerTitle', { name: provider?.nickname ?? uid })}
          {provider ? <ProviderStatusTag status={provider.status} /> : null}
        </Flex>
      }
      onClose={onClose}
      destroyOnHidden
      footer={
        actions.length > 0 ? (
          <Flex gap={8} wrap>
            {actions.map((a) => (
              <Button
                key={a}
                type={REVIEW_LOOKS[a] === 'primary' ? 'primary' : 'default'}
                danger={REVIEW_LOOKS[a] === 'danger'}
                disabled={action !== null}
                onClick={() => setAction(a)}
              >
                {t(`copy.review.actions.${a}`)}
              </Button>
            ))}
          </Flex>
        ) : null
      }
    >
      {body}
      {provider && action ? (
        <ReviewProviderModal
          provider={provider}
          action={action}
          onClose={() => setAction(null)}
          onReviewed={reviewed}
        />
      ) : null}
    </Drawer>
  );
}

function ProviderDetails({ provider: p }: { provider: ProviderRow }) {
  const { t } = useTranslation();
  const decided = p.reviewedAt !== null;
  return (
    <Flex vertical gap={16}>
      {p.status === PROVIDER_STATUS.APPLIED ? (
        <Alert type="info" showIcon title={t('copy.waitingSince', { at: formatDateTime(p.appliedAt) })} />
      ) : null}
      <Card size="small" title={t('copy.profile')}>
        <Flex vertical gap={12}>
          <ProviderName nickname={p.nickname} avatar={p.avatar} size={56} />
          <div>
            <Typography.Text type="secondary">{t('copy.description')}</Typography.Text>
            {p.description ? (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
                {p.description}
              </Typography.Paragraph>
            ) : (
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                {t('copy.noDescription')}
              </Typography.Paragraph>
            )}
          </div>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'fee', label: t('copy.performanceFee'), children: <FeePercent value={p.feePercent} /> },
              {
                key: 'uid',
                label: t('users.uid'),
                children: <UserUid userId={p.userId} uid={p.uid} />,
              },
              { key: 'account', label: t('users.account'), children: p.account || DASH },
              { key: 'applied', label: t('copy.columns.appliedAt'), children: formatDateTime(p.appliedAt) },
            ]}
          />
        </Flex>
      </Card>
      <Card size="small" title={t('copy.figures')}>
        <Descriptions
          size="small"
          column={2}
          bordered
          items={[
            { key: 'followers', label: t('copy.columns.followers'), children: formatCount(p.followers) },
            {
              key: 'allocated',
              label: t('copy.columns.allocated'),
              children: <Amount value={p.allocated} />,
            },
            { key: 'total', label: t('copy.columns.totalRate'), children: <Rate value={p.totalRate} /> },
            {
              key: 'three',
              label: t('copy.columns.threeWeekRate'),
              children: <Rate value={p.threeWeekRate} />,
            },
            { key: 'trades', label: t('copy.columns.trades'), children: formatCount(p.totalTrades) },
          ]}
        />
        <Flex gap={16} wrap style={{ marginTop: 12 }}>
          <Link to={`/copy/follows?provider=${p.userId}`}>{t('copy.links.follows')}</Link>
          <Link to={`/copy/refusals?provider=${p.userId}`}>{t('copy.links.refusals')}</Link>
          <Link to={`/copy/fees?provider=${p.userId}`}>{t('copy.links.fees')}</Link>
        </Flex>
      </Card>
      <Card size="small" title={t('copy.lastReview')}>
        {decided ? (
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'by', label: t('copy.columns.reviewedBy'), children: p.reviewedBy || DASH },
              { key: 'at', label: t('copy.columns.reviewedAt'), children: formatDateTime(p.reviewedAt) },
              {
                key: 'note',
                label: t('copy.review.note'),
                children: p.staffNote ? <span style={{ whiteSpace: 'pre-wrap' }}>{p.staffNote}</span> : DASH,
              },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">{t('copy.notReviewed')}</Typography.Text>
        )}
      </Card>
    </Flex>
  );
}
