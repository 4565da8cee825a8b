import { Card, Form, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../components/amount';
import { ErrorState } from '../../../components/error-state';
import { FilterForm } from '../../../components/filter-form';
import { Page } from '../../../components/page';
import { formatDateTime } from '../../../lib/format';
import { serverPagination } from '../../../lib/table';
import { pagingOf, positiveInt, useUrlState } from '../../../lib/use-url-state';
import { type FeeRow, type FeesQuery, useFees } from '../api/fees';
import { ProviderFilterItem } from './provider-filter-item';

const DEFAULTS = { provider: '', page: '1', pageSize: '20' };

interface Filters {
  provider?: number | null;
}

/**
 * The period a fee was charged for, from the memo the engine writes (`copy 12 fee 2025-03`: the
 * monthly settlement; `copy 12 fee stop-…`: settled when the follower stopped); else the memo.
 */
export function feePeriod(memo: string, t: TFunction): string {
  const period = /^copy \d+ fee (?<period>\S+)$/.exec(memo)?.groups?.period;
  if (!period) return memo;
  if (period.startsWith('stop-')) return t('copy.fees.atStop');
  return period;
}

/**
 * Performance fees paid to providers (DESIGN §9: on the allocation's new equity high, settled
 * monthly through the ledger): the provider-side entries, newest first, by provider.
 */
export function FeesScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const [url, patch] = useUrlState(DEFAULTS);
  const paging = pagingOf(url);
  const providerUserId = positiveInt(url.provider, 0) || undefined;
  const query: FeesQuery = { providerUserId, ...paging };
  const list = useFees(query);
  const providerName = list.data?.rows[0]?.provider;

  const columns: ColumnsType<FeeRow> = [
    { title: t('copy.columns.time'), dataIndex: 'createdAt', render: formatDateTime },
    { title: t('copy.columns.provider'), dataIndex: 'provider' },
    { title: t('copy.columns.follow'), dataIndex: 'followId', align: 'right' },
    {
      title: t('copy.fees.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string) => <Amount value={v} />,
    },
    { title: t('copy.fees.period'), dataIndex: 'memo', render: (memo: string) => feePeriod(memo, t) },
    { title: t('copy.fees.ledgerEntry'), dataIndex: 'ledgerId', align: 'right' },
  ];

  return (
    <Page title={t('nav.copyFees')}>
      <Card>
        <FilterForm<Filters>
          form={form}
          values={{ provider: providerUserId ?? null }}
          onSearch={(v) => patch({ provider: v.provider ? String(v.provider) : '', page: '1' })}
          onReset={() => patch({ provider: '', page: '1' })}
        >
          <ProviderFilterItem
            current={
              providerUserId ? { id: providerUserId, label: providerName ?? `#${providerUserId}` } : undefined
            }
          />
        </FilterForm>
      </Card>
      <Card>
        {list.isError && !list.data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Table<FeeRow>
            rowKey="ledgerId"
            size="small"
            columns={columns}
            dataSource={list.data?.rows ?? []}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: providerUserId ? t('copy.noFeeMatch') : t('copy.emptyFees') }}
            pagination={serverPagination(t, paging, list.data?.total, (page, pageSize) =>
              patch({ page: String(page), pageSize: String(pageSize) }),
            )}
          />
        )}
      </Card>
    </Page>
  );
}
