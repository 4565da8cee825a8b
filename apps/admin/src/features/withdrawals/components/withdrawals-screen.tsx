import { staffReviewWithdrawalCall, staffUsersCall } from '@meridian/contracts';
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
import {
  useWithdrawals,
  WITHDRAWAL_STATUSES,
  type WithdrawalsQuery,
  withdrawalKeys,
} from '../api/withdrawals';
import { WithdrawalReviewDrawer, type WithdrawalRow } from './withdrawal-review-drawer';

const DEFAULTS = { status: '0', userId: '', page: '1', pageSize: '20' };
const STATUS_COLORS: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };

interface Filters {
  userId?: number | null;
}

/** Withdrawals: tabs by status, user filter, paged; those under review are paid or rejected in a drawer. */
export function WithdrawalsScreen() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [url, patch] = useUrlState(DEFAULTS);
  const [reviewing, setReviewing] = useState<WithdrawalRow | null>(null);
  const status = WITHDRAWAL_STATUSES.find((s) => String(s) === url.status) ?? 0;
  const paging = pagingOf(url);
  const userId = positiveInt(url.userId, 0) || undefined;
  const query: WithdrawalsQuery = { status, userId, ...paging };
  const withdrawals = useWithdrawals(query);
  const canReview = canUse(staff.role, staffReviewWithdrawalCall);
  const userLinks = canUse(staff.role, staffUsersCall);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: withdrawalKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  };

  const columns: ColumnsType<WithdrawalRow> = [
    { title: t('wallet.id'), dataIndex: 'id', width: 80 },
    {
      title: t('wallet.user'),
      dataIndex: 'uid',
      render: (uid: string, row) => (userLinks ? <Link to={`/users/${row.userId}`}>{uid}</Link> : uid),
    },
    {
      title: t('wallet.type'),
      dataIndex: 'type',
      render: (type: number) => <Tag>{t(`withdrawals.types.${type}`, { defaultValue: String(type) })}</Tag>,
    },
    {
      title: t('wallet.amountUsd'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string) => <span className="num">{groupDecimal(v)}</span>,
    },
    {
      title: t('withdrawals.fee'),
      dataIndex: 'fee',
      align: 'right',
      render: (v: string) => <span className="num">{groupDecimal(v)}</span>,
    },
    {
      title: t('withdrawals.received'),
      dataIndex: 'received',
      align: 'right',
      render: (v: string) => <span className="num">{groupDecimal(v)}</span>,
    },
    { title: t('wallet.currency'), dataIndex: 'currencyCode', render: (v: string) => v || DASH },
    {
      title: t('withdrawals.destination'),
      dataIndex: 'destination',
      ellipsis: true,
      render: (v: string) => v || DASH,
    },
    { title: t('withdrawals.memo'), dataIndex: 'memo', ellipsis: true, render: (v: string) => v || DASH },
    {
      title: t('wallet.statusTitle'),
      dataIndex: 'status',
      render: (s: number) => (
        <Tag color={STATUS_COLORS[s]}>{t(`withdrawals.statuses.${s}`, { defaultValue: String(s) })}</Tag>
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
            render: (_: unknown, row: WithdrawalRow) =>
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
    <Page title={t('nav.withdrawals')}>
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
          items={WITHDRAWAL_STATUSES.map((s) => ({ key: String(s), label: t(`withdrawals.statuses.${s}`) }))}
        />
        {withdrawals.isError && !withdrawals.data ? (
          <ErrorState error={withdrawals.error} onRetry={() => void withdrawals.refetch()} />
        ) : (
          <Table<WithdrawalRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={withdrawals.data?.rows ?? []}
            loading={withdrawals.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={serverPagination(t, paging, withdrawals.data?.total, (page, pageSize) =>
              patch({ page: String(page), pageSize: String(pageSize) }),
            )}
          />
        )}
      </Card>
      {reviewing ? (
        <WithdrawalReviewDrawer
          withdrawal={reviewing}
          onClose={() => setReviewing(null)}
          onReviewed={refresh}
        />
      ) : null}
    </Page>
  );
}
