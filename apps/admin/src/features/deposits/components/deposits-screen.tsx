import { staffReviewDepositCall, staffUsersCall } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { FilterForm } from '../../../components/filter-form';
import { Page } from '../../../components/page';
import { canUse } from '../../../lib/access';
import { DASH, formatDateTime, groupDecimal } from '../../../lib/format';
import { useSignedInStaff } from '../../../lib/me';
import { serverPagination } from '../../../lib/table';
import { pagingOf, positiveInt, useUrlState } from '../../../lib/use-url-state';
import { dashboardKeys } from '../../dashboard/api/get-dashboard';
import { DEPOSIT_STATUSES, type DepositsQuery, depositKeys, useDeposits } from '../api/deposits';
import { DepositReviewDrawer, type DepositRow } from './deposit-review-drawer';

const DEFAULTS = { status: '0', userId: '', page: '1', pageSize: '20' };
const STATUS_COLORS: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default' };

interface Filters {
  userId?: number | null;
}

/** Deposits: tabs by status, user filter, paged; waiting ones are reviewed in a drawer with the proof. */
export function DepositsScreen() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [url, patch] = useUrlState(DEFAULTS);
  const [reviewing, setReviewing] = useState<DepositRow | null>(null);
  const status = DEPOSIT_STATUSES.find((s) => String(s) === url.status) ?? 0;
  const paging = pagingOf(url);
  const userId = positiveInt(url.userId, 0) || undefined;
  const query: DepositsQuery = { status, userId, ...paging };
  const deposits = useDeposits(query);
  const canReview = canUse(staff.role, staffReviewDepositCall);
  const userLinks = canUse(staff.role, staffUsersCall);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: depositKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  };

  const columns: ColumnsType<DepositRow> = [
    { title: t('wallet.id'), dataIndex: 'id', width: 80 },
    {
      title: t('wallet.user'),
      dataIndex: 'uid',
      render: (uid: string, row) => (userLinks ? <Link to={`/users/${row.userId}`}>{uid}</Link> : uid),
    },
    {
      title: t('wallet.type'),
      dataIndex: 'type',
      render: (type: number) => <Tag>{t(`deposits.types.${type}`, { defaultValue: String(type) })}</Tag>,
    },
    {
      title: t('wallet.amountUsd'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string) => <span className="num">{groupDecimal(v)}</span>,
    },
    { title: t('wallet.currency'), dataIndex: 'currencyCode', render: (v: string) => v || DASH },
    {
      title: t('deposits.address'),
      dataIndex: 'address',
      ellipsis: true,
      render: (v: string) => v || DASH,
    },
    {
      title: t('wallet.statusTitle'),
      dataIndex: 'status',
      render: (s: number) => (
        <Tag color={STATUS_COLORS[s]}>{t(`deposits.statuses.${s}`, { defaultValue: String(s) })}</Tag>
      ),
    },
    { title: t('wallet.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    { title: t('wallet.reviewedBy'), dataIndex: 'reviewedBy', render: (v: string) => v || DASH },
    { title: t('wallet.reviewedAt'), dataIndex: 'reviewedAt', render: formatDateTime },
    { title: t('wallet.remark'), dataIndex: 'remark', ellipsis: true, render: (v: string) => v || DASH },
    ...(canReview
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: DepositRow) =>
              row.status === 0 ? (
                <Button size="small" type="primary" onClick={() => setReviewing(row)}>
                  {t('wallet.review')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  const idText = (v: number | null | undefined) => (v ? String(v) : '');

  return (
    <Page title={t('nav.deposits')}>
      <Card>
        <FilterForm<Filters>
          form={form}
          values={{ userId: userId ?? null }}
          onSearch={(v) => patch({ userId: idText(v.userId), page: '1' })}
          onReset={() => patch({ userId: '', page: '1' })}
        >
          <Form.Item name="userId" label={t('wallet.userId')}>
            <InputNumber min={1} precision={0} style={{ width: 140 }} />
          </Form.Item>
        </FilterForm>
      </Card>
      <Card>
        <Tabs
          activeKey={String(status)}
          onChange={(key) => patch({ status: key, page: '1' })}
          items={DEPOSIT_STATUSES.map((s) => ({ key: String(s), label: t(`deposits.statuses.${s}`) }))}
        />
        {deposits.isError && !deposits.data ? (
          <ErrorState error={deposits.error} onRetry={() => void deposits.refetch()} />
        ) : (
          <Table<DepositRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={deposits.data?.rows ?? []}
            loading={deposits.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={serverPagination(t, paging, deposits.data?.total, (page, pageSize) =>
              patch({ page: String(page), pageSize: String(pageSize) }),
            )}
          />
        )}
      </Card>
      {reviewing ? (
        <DepositReviewDrawer deposit={reviewing} onClose={() => setReviewing(null)} onReviewed={refresh} />
      ) : null}
    </Page>
  );
}
