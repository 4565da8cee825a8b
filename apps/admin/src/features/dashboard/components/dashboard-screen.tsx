import { ReloadOutlined } from '@ant-design/icons';
import type { StaffCallData, staffDashboardCall } from '@meridian/contracts';
import { Button, Card, Col, Row, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canOpenScreen, pathOfScreen, type ScreenKey } from '../../../app/screens';
import { Amount } from '../../../components/amount';
import { ErrorState } from '../../../components/error-state';
import { Page } from '../../../components/page';
import { DASH, groupDecimal } from '../../../lib/format';
import { useSignedInStaff } from '../../../lib/me';
import { useDashboard } from '../api/get-dashboard';
import { ReconciliationCard } from './reconciliation-card';

type Exposure = StaffCallData<typeof staffDashboardCall>['exposure'][number];

/** Counts, review queues (— where the feature does not exist yet) and broker exposure. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const dashboard = useDashboard();
  const data = dashboard.data;

  const columns: ColumnsType<Exposure> = [
    { title: t('dashboard.instrument'), dataIndex: 'code' },
    {
      title: t('dashboard.netLots'),
      dataIndex: 'netLots',
      align: 'right',
      render: (v: string) => <Amount value={v} signed />,
    },
    {
      title: t('dashboard.notionalUsd'),
      dataIndex: 'notionalUsd',
      align: 'right',
      render: (v: string) => <Amount value={v} signed />,
    },
    {
      title: t('dashboard.houseFloatingUsd'),
      dataIndex: 'houseFloatingUsd',
      align: 'right',
      render: (v: string) => <Amount value={v} signed />,
    },
    { title: t('dashboard.positions'), dataIndex: 'positions', align: 'right' },
  ];

  /** A count; a queue's count links to its screen when it exists and the role may open it. */
  const stat = (title: string, value: number | null | undefined, screen?: ScreenKey) => {
    const known = value !== null && value !== undefined;
    const link = known && screen && canOpenScreen(staff.role, screen) ? pathOfScreen(screen) : null;
    return (
      <Col xs={24} sm={12} lg={8} xl={4}>
        <Card loading={dashboard.isPending}>
          <Statistic
            title={title}
            value={known ? groupDecimal(String(value)) : DASH}
            valueRender={link ? (node) => <Link to={link}>{node}</Link> : undefined}
          />
        </Card>
      </Col>
    );
  };

  if (dashboard.isError && !data) {
    return (
      <Page title={t('nav.dashboard')}>
        <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      </Page>
    );
  }

  return (
    <Page
      title={t('nav.dashboard')}
      extra={
        <Button
          icon={<ReloadOutlined />}
          loading={dashboard.isFetching}
          onClick={() => void dashboard.refetch()}
        >
          {t('common.refresh')}
        </Button>
      }
    >
      <Row gutter={[16, 16]}>
        {stat(t('dashboard.usersToday'), data?.usersToday)}
        {stat(t('dashboard.usersTotal'), data?.usersTotal)}
        {stat(t('dashboard.openPositions'), data?.openPositions)}
        {stat(t('dashboard.pendingOrders'), data?.pendingOrders)}
        {stat(t('dashboard.depositQueue'), data ? data.queues.deposits : undefined, 'deposits')}
        {stat(t('dashboard.withdrawalQueue'), data ? data.queues.withdrawals : undefined, 'withdrawals')}
      </Row>
      <Card title={t('dashboard.exposure')}>
        <Table<Exposure>
          rowKey="instrumentId"
          size="middle"
          columns={columns}
          dataSource={data?.exposure ?? []}
          loading={dashboard.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      <ReconciliationCard />
    </Page>
  );
}
