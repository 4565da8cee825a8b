import { Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../components/amount';
import { ErrorState } from '../../../components/error-state';
import { DASH, formatDateTime, groupDecimal } from '../../../lib/format';
import { serverPagination } from '../../../lib/table';
import { type LedgerRow, useUserLedger } from '../api/get-user-ledger';
import { ledgerMemoText } from '../ledger-memo';

/**
 * Ledger entries of one user (newest first), paged by the server; Type translated, Memo too when
 * the system wrote it ('order 6'), as typed when staff did.
 */
export function UserLedgerTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const ledger = useUserLedger(userId, paging.page, paging.pageSize);
  const columns: ColumnsType<LedgerRow> = [
    { title: t('ledger.id'), dataIndex: 'id', width: 80 },
    { title: t('ledger.time'), dataIndex: 'createdAt', render: formatDateTime },
    {
      title: t('ledger.type'),
      dataIndex: 'type',
      render: (type: number) => (
        <Tooltip title={String(type)}>{t(`ledger.types.${type}`, { defaultValue: `#${type}` })}</Tooltip>
      ),
    },
    {
      title: t('ledger.balanceDelta'),
      dataIndex: 'balanceDelta',
      align: 'right',
      render: (v: string) => <Amount value={v} signed />,
    },
    {
      title: t('ledger.lockDelta'),
      dataIndex: 'lockDelta',
      align: 'right',
      render: (v: string) => <Amount value={v} signed />,
    },
    {
      title: t('ledger.marginDelta'),
      dataIndex: 'marginDelta',
      align: 'right',
      render: (v: string) => <Amount value={v} signed />,
    },
    {
      title: t('ledger.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      render: (v: string) => groupDecimal(v),
    },
    {
      title: t('ledger.memo'),
      dataIndex: 'memo',
      render: (v: string, row) => (v ? ledgerMemoText(row.type, v, t) : DASH),
    },
  ];
  if (ledger.isError && !ledger.data)
    return <ErrorState error={ledger.error} onRetry={() => void ledger.refetch()} />;
  return (
    <Table<LedgerRow>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={ledger.data?.rows ?? []}
      loading={ledger.isFetching}
      scroll={{ x: 'max-content' }}
      pagination={serverPagination(t, paging, ledger.data?.total, (page, pageSize) =>
        setPaging({ page, pageSize }),
      )}
    />
  );
}
