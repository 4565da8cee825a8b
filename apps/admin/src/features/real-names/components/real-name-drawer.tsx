import { WarningOutlined } from '@ant-design/icons';
import {
  REAL_NAME_STATUS,
  staffApproveRealNameCall,
  staffRejectRealNameCall,
  staffUsersCall,
} from '@meridian/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Drawer,
  Flex,
  Image,
  Row,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { canUse } from '../../../lib/access';
import { DASH, formatDateTime } from '../../../lib/format';
import { useSignedInStaff } from '../../../lib/me';
import { type RealNameDetail, type RealNameRow, useRealName } from '../api/real-names';
import { ApproveModal, RejectModal } from './decision-modals';
import { IdImage } from './id-image';
import { RealNameStatusTag } from './status-tag';

/** Wide enough for the two ID images side by side; the whole width on a phone. */
const DRAWER_SIZE = 'min(1040px, 100vw)';
/** Orange of antd's warning (orange-8: 5.2:1 on the warning alert's tint): other accounts on the same ID number. */
const WARNING = '#ad4e00';

type Decision = 'approve' | 'reject';

/**
 * One real-name submission: both ID images side by side (zoom and rotate in the viewer), the
 * trader, other accounts that used the same ID number (flagged), the user's earlier submissions,
 * and Approve / Reject for a waiting one. One decision at a time; after it the lists are read again
 * and the drawer closes.
 */
export function RealNameDrawer({
  id,
  onClose,
  onReviewed,
}: {
  id: number;
  onClose: () => void;
  onReviewed: () => void;
}) {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const detail = useRealName(id);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const reviewed = () => {
    setDeciding(null);
    onReviewed();
    onClose();
  };
  const submission = detail.data?.submission;
  const canDecide =
    submission?.status === REAL_NAME_STATUS.WAITING &&
    canUse(staff.role, staffApproveRealNameCall) &&
    canUse(staff.role, staffRejectRealNameCall);

  let body: ReactNode;
  if (detail.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (detail.isError) {
    body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  } else body = <RealNameDetails detail={detail.data} />;

  return (
    <Drawer
      open
      size={DRAWER_SIZE}
      title={
        <Flex gap={8} align="center" wrap>
          {t('realNames.title', { id })}
          {submission ? <RealNameStatusTag status={submission.status} /> : null}
        </Flex>
      }
      onClose={onClose}
      destroyOnHidden
      footer={
        canDecide ? (
          <Flex gap={8} wrap>
            <Button type="primary" disabled={deciding !== null} onClick={() => setDeciding('approve')}>
              {t('realNames.approve')}
            </Button>
            <Button danger disabled={deciding !== null} onClick={() => setDeciding('reject')}>
              {t('realNames.reject')}
            </Button>
          </Flex>
        ) : null
      }
    >
      {body}
      {submission && deciding === 'approve' ? (
        <ApproveModal submission={submission} onClose={() => setDeciding(null)} onReviewed={reviewed} />
      ) : null}
      {submission && deciding === 'reject' ? (
        <RejectModal submission={submission} onClose={() => setDeciding(null)} onReviewed={reviewed} />
      ) : null}
    </Drawer>
  );
}

function RealNameDetails({ detail }: { detail: RealNameDetail }) {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const userLinks = canUse(staff.role, staffUsersCall);
  const { submission, user, history, sameCard } = detail;
  const userLink = (userId: number, uid: string) => (
    <>{userLinks ? <Link to={`/users/${userId}`}>{uid}</Link> : uid}</>
  );

  const historyColumns: ColumnsType<RealNameRow> = [
    {
      title: t('realNames.columns.id'),
      dataIndex: 'id',
      width: 70,
      render: (v: number) => <Link to={`/real-names?open=${v}`}>{v}</Link>,
    },
    { title: t('realNames.columns.name'), dataIndex: 'name' },
    { title: t('realNames.columns.cardId'), dataIndex: 'cardId' },
    {
      title: t('realNames.columns.status'),
      dataIndex: 'status',
      render: (s: number) => <RealNameStatusTag status={s} />,
    },
    { title: t('realNames.columns.submitted'), dataIndex: 'createdAt', render: formatDateTime },
    {
      title: t('realNames.columns.rejectReason'),
      dataIndex: 'rejectReason',
      ellipsis: true,
      render: (v: string) => v || DASH,
    },
  ];

  return (
    <Flex vertical gap={16}>
      {sameCard.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          icon={<WarningOutlined />}
          data-testid="same-card-warning"
          title={t('realNames.sameCardTitle', { count: sameCard.length })}
          description={
            <Flex vertical gap={4}>
              <span>{t('realNames.sameCardHelp')}</span>
              {sameCard.map((other) => (
                <Flex key={other.submissionId} gap={8} wrap align="center">
                  <Typography.Text strong style={{ color: WARNING }}>
                    {userLink(other.userId, other.uid)}
                  </Typography.Text>
                  <span>{other.account}</span>
                  <span>{other.name}</span>
                  <RealNameStatusTag status={other.status} />
                  <Link to={`/real-names?open=${other.submissionId}`}>
                    {t('realNames.openSubmission', { id: other.submissionId })}
                  </Link>
                </Flex>
              ))}
            </Flex>
          }
        />
      ) : null}
      {submission.status !== REAL_NAME_STATUS.WAITING ? <ReviewOutcome submission={submission} /> : null}
      <Image.PreviewGroup>
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12}>
            <IdImage
              url={submission.frontUrl}
              title={t('realNames.front')}
              alt={t('realNames.frontOf', { uid: submission.uid })}
            />
          </Col>
          <Col xs={24} md={12}>
            <IdImage
              url={submission.reverseUrl}
              title={t('realNames.back')}
              alt={t('realNames.backOf', { uid: submission.uid })}
            />
          </Col>
        </Row>
      </Image.PreviewGroup>
      <Typography.Text type="secondary">{t('realNames.imageHint')}</Typography.Text>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('realNames.submission')}>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'name', label: t('realNames.columns.name'), children: submission.name },
                {
                  key: 'card',
                  label: t('realNames.columns.cardId'),
                  children: <Typography.Text copyable>{submission.cardId}</Typography.Text>,
                },
                {
                  key: 'created',
                  label: t('realNames.columns.submitted'),
                  children: formatDateTime(submission.createdAt),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            size="small"
            title={t('realNames.trader')}
            extra={userLinks ? <Link to={`/users/${user.id}`}>{t('realNames.openUser')}</Link> : undefined}
          >
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'uid', label: t('users.uid'), children: userLink(user.id, user.uid) },
                { key: 'account', label: t('realNames.columns.account'), children: user.account || DASH },
                { key: 'registered', label: t('users.createdAt'), children: formatDateTime(user.createdAt) },
                { key: 'score', label: t('users.creditScore'), children: user.creditScore },
                {
                  key: 'flags',
                  label: t('users.flags'),
                  children: (
                    <Flex gap={4} wrap>
                      <Tag color={user.loginFrozen ? 'red' : 'green'}>
                        {user.loginFrozen ? t('users.loginFrozen') : t('users.loginAllowed')}
                      </Tag>
                      <Tag color={user.tradingFrozen ? 'orange' : 'green'}>
                        {user.tradingFrozen ? t('users.tradingFrozen') : t('users.tradingAllowed')}
                      </Tag>
                    </Flex>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('realNames.history')}>
        <Table<RealNameRow>
          rowKey="id"
          size="small"
          columns={historyColumns}
          dataSource={history}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('realNames.historyNone') }}
        />
      </Card>
      {sameCard.length === 0 ? (
        <Typography.Text type="secondary">{t('realNames.sameCardNone')}</Typography.Text>
      ) : null}
    </Flex>
  );
}

/** Who decided a reviewed submission, when, the reason the trader read and the staff note. */
function ReviewOutcome({ submission }: { submission: RealNameDetail['submission'] }) {
  const { t } = useTranslation();
  const rejected = submission.status === REAL_NAME_STATUS.REJECTED;
  return (
    <Alert
      type={rejected ? 'error' : 'success'}
      showIcon
      title={t('realNames.reviewedBy', {
        by: submission.reviewedBy || DASH,
        at: formatDateTime(submission.reviewedAt),
      })}
      description={
        <Descriptions
          size="small"
          column={1}
          items={[
            ...(rejected
              ? [{ key: 'reason', label: t('realNames.reason'), children: submission.rejectReason || DASH }]
              : []),
            { key: 'note', label: t('realNames.staffNote'), children: submission.staffNote || DASH },
          ]}
        />
      }
    />
  );
}
