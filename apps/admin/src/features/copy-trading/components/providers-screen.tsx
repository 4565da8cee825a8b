import { PROVIDER_STATUS } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '../../../components/amount';
import { ErrorState } from '../../../components/error-state';
import { FilterForm } from '../../../components/filter-form';
import { Page } from '../../../components/page';
import { dashboardKeys } from '../../../lib/dashboard-keys';
import { DASH, formatCount, formatDateTime } from '../../../lib/format';
import { serverPagination } from '../../../lib/table';
import { pagingOf, useUrlState } from '../../../lib/use-url-state';
import { copyKeys } from '../api/keys';
import { type ProviderRow, type ProvidersQuery, useProviders } from '../api/providers';
import { FeePercent, ProviderName, ProviderStatusTag, Rate, UserUid } from './copy-tags';
import { ProviderDrawer } from './provider-drawer';

/** The status tabs: every provider (waiting applications first, the default), then each status. */
const TABS = [
  'all',
  String(PROVIDER_STATUS.APPLIED),
  String(PROVIDER_STATUS.APPROVED),
  String(PROVIDER_STATUS.SUSPENDED),
  String(PROVIDER_STATUS.REMOVED),
  String(PROVIDER_STATUS.REJECTED),
] as const;
/** The account (e-mail or phone) under the UID and the reviewer: long ones end in … (whole on hover). */
const ACCOUNT_WIDTH = 140;
const DEFAULTS = { status: TABS[0] as string, q: '', page: '1', pageSize: '20', open: '' };

interface Filters {
  q: string;
}

/**
 * Signal providers (DESIGN §9, §10): applications and providers by status with a search, their
 * figures, and a drawer per provider (`?open=<uid>`) with the profile and the review actions
 * compliance may take (approve, reject, suspend, remove, reinstate; each audited).
 */
export function ProvidersScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [url, patch] = useUrlState(DEFAULTS);
  const tab = (TABS as readonly string[]).includes(url.status) ? url.status : DEFAULTS.status;
  const paging = pagingOf(url);
  const query: ProvidersQuery = { ...(tab === 'all' ? {} : { status: Number(tab) }), q: url.q, ...paging };
  const list = useProviders(query);
  const open = (row: ProviderRow) => patch({ open: row.uid });
  const openRow = url.open ? list.data?.rows.find((r) => r.uid === url.open) : undefined;
  const onReviewed = () => {
    void queryClient.invalidateQueries({ queryKey: copyKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  };

  const columns: ColumnsType<ProviderRow> = [
    {
      title: t('copy.columns.provider'),
      dataIndex: 'nickname',
      render: (_: string, row) => <ProviderName nickname={row.nickname} avatar={row.avatar} />,
    },
    {
      title: t('copy.columns.user'),
      dataIndex: 'uid',
      render: (uid: string, row) => (
        <Flex vertical>
          <UserUid userId={row.userId} uid={uid} />
          <Typography.Text
            type="secondary"
            ellipsis={{ tooltip: row.account }}
            style={{ fontSize: 12, maxWidth: ACCOUNT_WIDTH }}
          >
            {row.account || DASH}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('copy.columns.status'),
      dataIndex: 'status',
      render: (s: number) => <ProviderStatusTag status={s} />,
    },
    {
      title: t('copy.columns.fee'),
      dataIndex: 'feePercent',
      align: 'right',
      render: (v: string) => <FeePercent value={v} />,
    },
    {
      title: t('copy.columns.followers'),
      dataIndex: 'followers',
      align: 'right',
      render: (n: number, row) =>
        n > 0 ? <Link to={`/copy/follows?provider=${row.userId}`}>{formatCount(n)}</Link> : '0',
    },
    {
      title: t('copy.columns.allocated'),
      dataIndex: 'allocated',
      align: 'right',
      render: (v: string) => <Amount value={v} />,
    },
    {
      title: t('copy.columns.return'),
      children: [
        {
          title: t('copy.columns.returnTotal'),
          dataIndex: 'totalRate',
          align: 'right',
          render: (v: string) => <Rate value={v} />,
        },
        {
          title: t('copy.columns.returnThreeWeeks'),
          dataIndex: 'threeWeekRate',
          align: 'right',
          render: (v: string) => <Rate value={v} />,
        },
      ],
    },
    { title: t('copy.columns.trades'), dataIndex: 'totalTrades', align: 'right', render: formatCount },
    {
      title: t('copy.columns.appliedReviewed'),
      dataIndex: 'appliedAt',
      render: (applied: string, row) => (
        <Flex vertical>
          <span>{formatDateTime(applied)}</span>
          {row.reviewedAt ? (
            <>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(row.reviewedAt)}
              </Typography.Text>
              <Typography.Text
                type="secondary"
                ellipsis={{ tooltip: row.reviewedBy }}
                style={{ fontSize: 12, maxWidth: ACCOUNT_WIDTH }}
              >
                {row.reviewedBy || DASH}
              </Typography.Text>
            </>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) =>
        row.status === PROVIDER_STATUS.APPLIED ? (
          <Button size="small" type="primary" onClick={() => open(row)}>
            {t('copy.review.open')}
          </Button>
        ) : (
          <Button size="small" onClick={() => open(row)}>
            {t('copy.review.view')}
          </Button>
        ),
    },
  ];

  return (
    <Page title={t('nav.copyProviders')}>
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
              placeholder={t('copy.searchPlaceholder')}
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
            label: key === 'all' ? t('copy.allStatuses') : t(`copy.providerStatuses.${key}`),
          }))}
        />
        {list.isError && !list.data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Table<ProviderRow>
            rowKey="userId"
            size="small"
            columns={columns}
            dataSource={list.data?.rows ?? []}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: url.q
                ? t('copy.noProviderMatch')
                : tab === String(PROVIDER_STATUS.APPLIED)
                  ? t('copy.emptyWaiting')
                  : t('copy.emptyProviders'),
            }}
            pagination={serverPagination(t, paging, list.data?.total, (page, pageSize) =>
              patch({ page: String(page), pageSize: String(pageSize) }),
            )}
          />
        )}
      </Card>
      {url.open ? (
        <ProviderDrawer
          key={url.open}
          uid={url.open}
          row={openRow}
          listLoaded={list.data !== undefined && !list.isPlaceholderData}
          onClose={() => patch({ open: '' })}
          onReviewed={onReviewed}
        />
      ) : null}
    </Page>
  );
}
