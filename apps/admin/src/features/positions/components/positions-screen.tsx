import {
  ORDER_STATUS,
  type StaffOrderRow,
  staffCloseOrderCall,
  staffInstrumentsCall,
  staffUsersCall,
} from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Form, InputNumber, Select, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { FilterForm } from '../../../components/filter-form';
import { CloseOrderButton } from '../../../components/orders/close-order-button';
import { orderColumns } from '../../../components/orders/order-columns';
import { Page } from '../../../components/page';
import { UidFilterItem } from '../../../components/uid-filter-item';
import { canUse } from '../../../lib/access';
import { useSignedInStaff } from '../../../lib/me';
import { serverPagination } from '../../../lib/table';
import { pagingOf, positiveInt, uidOf, useUrlState } from '../../../lib/use-url-state';
import { useInstrumentOptions } from '../api/get-instrument-options';
import { type PositionsQuery, positionKeys, usePositions } from '../api/get-positions';

const DEFAULTS = {
  status: String(ORDER_STATUS.HOLDING),
  uid: '',
  instrumentId: '',
  page: '1',
  pageSize: '20',
};

interface Filters {
  uid?: string;
  instrumentId?: number | null;
}

/** Positions monitor: open positions / pending orders with live profit (every 2 s), CSV, admin close. */
export function PositionsScreen() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [url, patch] = useUrlState(DEFAULTS);
  const status = url.status === String(ORDER_STATUS.PENDING) ? ORDER_STATUS.PENDING : ORDER_STATUS.HOLDING;
  const paging = pagingOf(url);
  const uid = uidOf(url.uid);
  const instrumentId = positiveInt(url.instrumentId, 0) || undefined;
  const filters: Omit<PositionsQuery, 'page' | 'pageSize'> = { status, uid, instrumentId };
  const query: PositionsQuery = { ...filters, ...paging };
  const positions = usePositions(query);
  const canClose = canUse(staff.role, staffCloseOrderCall);
  const canListInstruments = canUse(staff.role, staffInstrumentsCall);
  const instruments = useInstrumentOptions(canListInstruments);

  const columns: ColumnsType<StaffOrderRow> = [
    ...orderColumns(t, { user: canUse(staff.role, staffUsersCall) ? 'link' : 'text' }),
    ...(canClose
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: StaffOrderRow) => (
              <CloseOrderButton
                order={row}
                onClosed={() => void queryClient.invalidateQueries({ queryKey: positionKeys.all })}
              />
            ),
          },
        ]
      : []),
  ];

  const idText = (v: number | null | undefined) => (v ? String(v) : '');

  return (
    <Page title={t('nav.positions')} extra={<ExportCsvButton path="/positions.csv" query={filters} />}>
      <Card>
        <FilterForm<Filters>
          form={form}
          values={{ uid: uid ?? '', instrumentId: instrumentId ?? null }}
          onSearch={(v) => patch({ uid: v.uid ?? '', instrumentId: idText(v.instrumentId), page: '1' })}
          onReset={() => patch({ uid: '', instrumentId: '', page: '1' })}
        >
          <UidFilterItem />
          <Form.Item name="instrumentId" label={t('positions.instrument')}>
            {canListInstruments ? (
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 220 }}
                options={instruments.data ?? []}
                loading={instruments.isPending}
                placeholder={t('positions.allInstruments')}
              />
            ) : (
              <InputNumber min={1} precision={0} style={{ width: 140 }} />
            )}
          </Form.Item>
        </FilterForm>
      </Card>
      <Card>
        <Tabs
          activeKey={String(status)}
          onChange={(key) => patch({ status: key, page: '1' })}
          items={[
            { key: String(ORDER_STATUS.HOLDING), label: t('positions.open') },
            { key: String(ORDER_STATUS.PENDING), label: t('positions.pending') },
          ]}
          tabBarExtraContent={
            <Badge
              status={positions.isError ? 'error' : 'processing'}
              text={positions.isError ? t('positions.liveStopped') : t('positions.live')}
            />
          }
        />
        {positions.isError && !positions.data ? (
          <ErrorState error={positions.error} onRetry={() => void positions.refetch()} />
        ) : (
          <Table<StaffOrderRow>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={positions.data?.rows ?? []}
            loading={positions.isPending || (positions.isPlaceholderData && positions.isFetching)}
            scroll={{ x: 'max-content' }}
            pagination={serverPagination(t, paging, positions.data?.total, (page, pageSize) =>
              patch({ page: String(page), pageSize: String(pageSize) }),
            )}
          />
        )}
      </Card>
    </Page>
  );
}
