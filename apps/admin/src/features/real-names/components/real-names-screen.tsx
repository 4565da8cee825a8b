import { REAL_NAME_STATUS, staffUsersCall } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { FilterForm } from '../../../components/filter-form';
import { Page } from '../../../components/page';
import { canUse } from '../../../lib/access';
import { dashboardKeys } from '../../../lib/dashboard-keys';
import { DASH, formatDateTime } from '../../../lib/format';
import { useSignedInStaff } from '../../../lib/me';
import { serverPagination } from '../../../lib/table';
import { pagingOf, positiveInt, useUrlState } from '../../../lib/use-url-state';
import { type RealNameRow, type RealNamesQuery, realNameKeys, useRealNames } from '../api/real-names';
import { RealNameDrawer } from './real-name-drawer';
import { RealNameStatusTag } from './status-tag';

/** The queue's tabs: waiting first (the default, oldest first), then the decided ones, then all. */
const TABS = [
  String(REAL_NAME_STATUS.WAITING),
  String(REAL_NAME_STATUS.FINISHED),
  String(REAL_NAME_STATUS.REJECTED),
  'all',
] as const;
const DEFAULTS = { status: TABS[0], q: '', page: '1', pageSize: '20', open: '' };

interface Filters {
  q: string;
}

/**
 * Real-name review (compliance, DESIGN §8): the queue by status with a search, and a drawer per
 * submission (`?open=<id>`, so the user page and same-ID warnings can link to one).
 */
export function RealNamesScreen() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [url, patch] = useUrlState(DEFAULTS);
  const tab = (TABS as readonly string[]).includes(url.status) ? url.status : DEFAULTS.status;
  const paging = pagingOf(url);
  const query: RealNamesQuery = {
    ...(tab === 'all' ? {} : { status: Number(tab) }),
    q: url.q,
    ...paging,
  };
  const list = useRealNames(query);
  const openId = positiveInt(url.open, 0);
  const userLinks = canUse(staff.role, staffUsersCall);
  const open = (id: number) => patch({ open: String(id) });
  const onReviewed = () => {
    void queryClient.invalidateQueries({ queryKey: realNameKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  };

  const columns: ColumnsType<RealNameRow> = [
    { title: t('realNames.columns.id'), dataIndex: 'id', width: 70 },
    {
      title: t('realNames.columns.user'),
      dataIndex: 'uid',
      render: (uid: string, row) => (userLinks ? <Link to={`/users/${row.userId}`}>{uid}</Link> : uid),
    },
    { title: t('realNames.columns.account'), dataIndex: 'account', render: (v: string) => v || DASH },
    { title: t('realNames.columns.name'), dataIndex: 'name' },
    { title: t('realNames.columns.cardId'), dataIndex: 'cardId' },
    {
      title: t('realNames.columns.sameCard'),
      dataIndex: 'sameCardAccounts',
      render: (n: number) =>
        n > 0 ? <Tag color="warning">{t('realNames.sameCardCount', { count: n })}</Tag> : DASH,
    },
    {
      title: t('realNames.columns.status'),
      dataIndex: 'status',
      render: (s: number) => <RealNameStatusTag status={s} />,
    },
    { title: t('realNames.columns.submitted'), dataIndex: 'createdAt', render: formatDateTime },
    { title: t('realNames.columns.reviewedBy'), dataIndex: 'reviewedBy', render: (v: string) => v || DASH },
    { title: t('realNames.columns.reviewedAt'), dataIndex: 'reviewedAt', render: formatDateTime },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) =>
        row.status === REAL_NAME_STATUS.WAITING ? (
          <Button size="small" type="primary" onClick={() => open(row.id)}>
            {t('realNames.review')}
          </Button>
        ) : (
          <Button size="small" onClick={() => open(row.id)}>
            {t('realNames.view')}
          </Button>
        ),
    },
  ];

  return (
    <Page title={t('nav.realNames')}>
      <Card>
        <FilterForm<Filters>
          form={form}
          values={{ q: url.q }}
          onSearch={(v) => patch({ q: (v.q ?? '').trim(), page: '1' })}
          onReset={() => patch({ q: '', page: '1' })}
        >
          <Form.Item name="q" label={t('common.search')}>
            <Input
              allowClear
              maxLength={100}
              placeholder={t('realNames.searchPlaceholder')}
              style={{ width: 300 }}
            />
          </Form.Item>
        </FilterForm>
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => patch({ status: key, page: '1' })}
          items={TABS.map((key) => ({
            key,
            label: key === 'all' ? t('realNames.all') : t(`realNames.statuses.${key}`),
          }))}
        />
        {list.isError && !list.data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Table<RealNameRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.rows ?? []}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: tab === DEFAULTS.status && !url.q ? t('realNames.emptyWaiting') : t('common.empty'),
            }}
            pagination={serverPagination(t, paging, list.data?.total, (page, pageSize) =>
              patch({ page: String(page), pageSize: String(pageSize) }),
            )}
          />
        )}
      </Card>
      {openId ? (
        <RealNameDrawer
          key={openId}
          id={openId}
          onClose={() => patch({ open: '' })}
          onReviewed={onReviewed}
        />
      ) : null}
    </Page>
  );
}
