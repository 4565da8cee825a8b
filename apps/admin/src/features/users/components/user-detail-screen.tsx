import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  REAL_NAME_STATUS,
  type StaffOrderRow,
  staffAdjustBalanceCall,
  staffCloseOrderCall,
  staffCreditScoreCall,
  staffFreezeCall,
  staffRealNameCall,
  staffUserLedgerCall,
} from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Result,
  Row,
  Skeleton,
  Statistic,
  Table,
  Tabs,
  Tag,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { CloseOrderButton } from '../../../components/orders/close-order-button';
import { orderColumns } from '../../../components/orders/order-columns';
import { Page } from '../../../components/page';
import { canUse } from '../../../lib/access';
import { DASH, formatDateTime, groupDecimal } from '../../../lib/format';
import { useSignedInStaff } from '../../../lib/me';
import { useDialogOpener } from '../../../lib/use-dialog-opener';
import { positiveInt } from '../../../lib/use-url-state';
import { type UserDetail, useUserDetail } from '../api/get-user-detail';
import { userKeys } from '../api/keys';
import { AdjustBalanceModal } from './adjust-balance-modal';
import { CreditScoreModal } from './credit-score-modal';
import { FreezeModal } from './freeze-modal';
import { UserHistoryTab } from './user-history-tab';
import { UserLedgerTab } from './user-ledger-tab';
import { UserReferralsTab } from './user-referrals-tab';

/** Loss red and profit green of antd's Typography (the tables' amounts), for a statistic's value. */
const LOSS = '#ff4d4f';
const SIGN_COLORS = [LOSS, undefined, '#52c41a'] as const;

/** DESIGN §3 risk bands: at or below the margin-call level a warning, at the stop-out level closing. */
const RISK_COLORS: Record<UserDetail['account']['RiskStatus'], string> = {
  none: 'default',
  ok: 'green',
  margin_call: 'orange',
  stop_out: 'red',
};

/** Real-name status (DESIGN §8): 0 not submitted, 1 waiting, 2 approved, 3 rejected. */
const REAL_NAME_COLORS: Record<number, string> = {
  [REAL_NAME_STATUS.NOT_SUBMITTED]: 'default',
  [REAL_NAME_STATUS.WAITING]: 'processing',
  [REAL_NAME_STATUS.FINISHED]: 'success',
  [REAL_NAME_STATUS.REJECTED]: 'error',
};

type Action = 'score' | 'freeze' | 'adjust';
type Session = UserDetail['sessions'][number];

/** One user: figures, flags, credit score, the role's actions, and tabs of their activity. */
export function UserDetailScreen() {
  const { t } = useTranslation();
  const { id: idText } = useParams();
  const id = positiveInt(idText, 0);
  const navigate = useNavigate();
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/users')}>
      {t('common.back')}
    </Button>
  );
  if (!id) {
    return (
      <Page title={t('userDetail.title')} extra={back}>
        <Result status="404" title={t('errors.notFound')} />
      </Page>
    );
  }
  return <UserDetailBody id={id} back={back} />;
}

function UserDetailBody({ id, back }: { id: number; back: ReactNode }) {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const queryClient = useQueryClient();
  const detail = useUserDetail(id);
  const dialog = useDialogOpener<Action>();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: userKeys.all });

  if (detail.isPending) {
    return (
      <Page title={t('userDetail.title')} extra={back}>
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </Page>
    );
  }
  if (detail.isError && !detail.data) {
    return (
      <Page title={t('userDetail.title')} extra={back}>
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      </Page>
    );
  }

  const { user, inviter, sessions, live, account, realName } = detail.data;
  const canScore = canUse(staff.role, staffCreditScoreCall);
  const canFreeze = canUse(staff.role, staffFreezeCall);
  const canAdjust = canUse(staff.role, staffAdjustBalanceCall);
  const canClose = canUse(staff.role, staffCloseOrderCall);
  const canLedger = canUse(staff.role, staffUserLedgerCall);
  const canReview = canUse(staff.role, staffRealNameCall);

  const liveColumns: ColumnsType<StaffOrderRow> = [
    ...orderColumns(t),
    ...(canClose
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: StaffOrderRow) => <CloseOrderButton order={row} onClosed={refresh} />,
          },
        ]
      : []),
  ];

  const sessionColumns: ColumnsType<Session> = [
    { title: t('sessions.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    { title: t('sessions.expiresAt'), dataIndex: 'expiresAt', render: formatDateTime },
    {
      title: t('sessions.status'),
      key: 'status',
      render: (_, s) =>
        s.revokedAt ? (
          <Tag>{t('sessions.revoked', { time: formatDateTime(s.revokedAt) })}</Tag>
        ) : Date.parse(s.expiresAt) < Date.now() ? (
          <Tag>{t('sessions.expired')}</Tag>
        ) : (
          <Tag color="green">{t('sessions.active')}</Tag>
        ),
    },
    { title: t('sessions.ip'), dataIndex: 'ip', render: (v: string | null) => v ?? DASH },
    {
      title: t('sessions.userAgent'),
      dataIndex: 'userAgent',
      ellipsis: true,
      render: (v: string | null) => v ?? DASH,
    },
  ];

  const actions = (
    <>
      {canScore ? (
        <Button onClick={() => dialog.show('score')}>{t('userDetail.setCreditScore')}</Button>
      ) : null}
      {canFreeze ? <Button onClick={() => dialog.show('freeze')}>{t('userDetail.freeze')}</Button> : null}
      {canAdjust ? (
        <Button type="primary" onClick={() => dialog.show('adjust')}>
          {t('userDetail.adjustBalance')}
        </Button>
      ) : null}
      {back}
    </>
  );

  // The stored figures, then the account as the trader's order screen shows it (refreshed with
  // the live positions).
  const figures: Array<{
    key: string;
    title: string;
    value: string;
    style?: CSSProperties;
    suffix?: ReactNode;
  }> = [
    { key: 'balance', title: t('users.balance'), value: groupDecimal(user.balance) },
    { key: 'frozen', title: t('users.frozen'), value: groupDecimal(user.lockBalance) },
    { key: 'margin', title: t('users.margin'), value: groupDecimal(user.margin) },
    { key: 'equity', title: t('userDetail.equity'), value: groupDecimal(account.NetValue) },
    {
      key: 'floating',
      title: t('userDetail.floating'),
      value: groupDecimal(account.ProfitsTotal),
      style: { color: SIGN_COLORS[Math.sign(Number(account.ProfitsTotal)) + 1] },
    },
    {
      key: 'risk',
      title: t('userDetail.marginLevel'),
      value: account.HazardRate ? `${groupDecimal(account.HazardRate)} %` : DASH,
      ...(account.RiskStatus === 'margin_call' || account.RiskStatus === 'stop_out'
        ? { style: { color: LOSS } }
        : {}),
      suffix: (
        <Tag
          color={RISK_COLORS[account.RiskStatus]}
          style={{ marginInlineStart: 8, verticalAlign: 'middle' }}
        >
          {t(`userDetail.riskStatus.${account.RiskStatus}`)}
        </Tag>
      ),
    },
  ];

  return (
    <Page title={t('userDetail.titleWithUid', { uid: user.uid })} extra={actions}>
      <Row gutter={[16, 16]}>
        {figures.map((f) => (
          <Col key={f.key} xs={24} sm={12} lg={8}>
            <Card data-testid={`figure-${f.key}`}>
              <Statistic title={f.title} value={f.value} valueStyle={f.style} suffix={f.suffix} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('users.id')}>{user.id}</Descriptions.Item>
          <Descriptions.Item label={t('users.uid')}>{user.uid}</Descriptions.Item>
          <Descriptions.Item label={t('users.account')}>
            <Tag color={user.isDemo ? 'default' : 'gold'}>
              {user.isDemo ? t('users.demo') : t('users.real')}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('users.email')}>{user.email ?? DASH}</Descriptions.Item>
          <Descriptions.Item label={t('users.mobile')}>{user.mobile ?? DASH}</Descriptions.Item>
          <Descriptions.Item label={t('users.inviteCode')}>{user.inviteCode}</Descriptions.Item>
          <Descriptions.Item label={t('userDetail.inviter')}>
            {inviter ? <Link to={`/users/${inviter.id}`}>{inviter.uid}</Link> : DASH}
          </Descriptions.Item>
          <Descriptions.Item label={t('users.creditScore')}>{user.creditScore}</Descriptions.Item>
          <Descriptions.Item label={t('users.flags')}>
            <Flex gap={4} wrap>
              <Tag color={user.loginFrozen ? 'red' : 'green'}>
                {user.loginFrozen ? t('users.loginFrozen') : t('users.loginAllowed')}
              </Tag>
              <Tag color={user.tradingFrozen ? 'orange' : 'green'}>
                {user.tradingFrozen ? t('users.tradingFrozen') : t('users.tradingAllowed')}
              </Tag>
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label={t('userDetail.realName')}>
            <Flex gap={8} wrap align="center">
              <Tag color={REAL_NAME_COLORS[realName.status] ?? 'default'} data-testid="real-name-status">
                {t(`realNames.statuses.${realName.status}`, { defaultValue: String(realName.status) })}
              </Tag>
              {canReview && realName.submissionId !== null ? (
                <Link to={`/real-names?open=${realName.submissionId}`}>{t('userDetail.realNameOpen')}</Link>
              ) : null}
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label={t('users.frozenReason')}>{user.frozenReason || DASH}</Descriptions.Item>
          <Descriptions.Item label={t('users.createdAt')}>{formatDateTime(user.createdAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        <Tabs
          items={[
            {
              key: 'live',
              label: t('userDetail.tabs.live', { count: live.length }),
              children: (
                <Table<StaffOrderRow>
                  rowKey="id"
                  size="small"
                  columns={liveColumns}
                  dataSource={live}
                  loading={detail.isFetching && !detail.isRefetching}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                />
              ),
            },
            {
              key: 'history',
              label: t('userDetail.tabs.history'),
              children: <UserHistoryTab userId={user.id} />,
            },
            ...(canLedger
              ? [
                  {
                    key: 'ledger',
                    label: t('userDetail.tabs.ledger'),
                    children: <UserLedgerTab userId={user.id} />,
                  },
                ]
              : []),
            {
              key: 'sessions',
              label: t('userDetail.tabs.sessions'),
              children: (
                <Table<Session>
                  rowKey="id"
                  size="small"
                  columns={sessionColumns}
                  dataSource={sessions}
                  pagination={sessions.length > 20 ? { pageSize: 20 } : false}
                  scroll={{ x: 'max-content' }}
                />
              ),
            },
            {
              key: 'referrals',
              label: t('userDetail.tabs.referrals'),
              children: (
                <UserReferralsTab key={user.id} userId={user.id} uid={user.uid} isDemo={user.isDemo} />
              ),
            },
          ]}
        />
      </Card>
      {dialog.open === 'score' ? (
        <CreditScoreModal user={user} onClose={dialog.close} onDone={refresh} />
      ) : null}
      {dialog.open === 'freeze' ? <FreezeModal user={user} onClose={dialog.close} onDone={refresh} /> : null}
      {dialog.open === 'adjust' ? (
        <AdjustBalanceModal user={user} onClose={dialog.close} onDone={refresh} />
      ) : null}
    </Page>
  );
}
