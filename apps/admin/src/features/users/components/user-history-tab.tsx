import type { StaffOrderRow } from '@meridian/contracts';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { orderColumns } from '../../../components/orders/order-columns';
import { serverPagination } from '../../../lib/table';
import { useUserOrders } from '../api/get-user-orders';

/** Order history of one user (closed and cancelled), paged by the server. */
export function UserHistoryTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const orders = useUserOrders(userId, paging.page, paging.pageSize);
  if (orders.isError && !orders.data)
    return <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />;
  return (
    <Table<StaffOrderRow>
      rowKey="id"
      size="small"
      columns={orderColumns(t, { history: true })}
      dataSource={orders.data?.rows ?? []}
      loading={orders.isFetching}
      scroll={{ x: 'max-content' }}
      pagination={serverPagination(t, paging, orders.data?.total, (page, pageSize) =>
        setPaging({ page, pageSize }),
      )}
    />
  );
}
