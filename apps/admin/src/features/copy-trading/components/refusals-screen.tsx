import { Card, Flex, Form, InputNumber, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { FilterForm } from '../../../components/filter-form';
import { Page } from '../../../components/page';
import { formatDateTime } from '../../../lib/format';
import { serverPagination } from '../../../lib/table';
import { pagingOf, positiveInt, useUrlState } from '../../../lib/use-url-state';
import { type RefusalRow, type RefusalsQuery, useRefusals } from '../api/refusals';
import { SideTag } from './copy-tags';
import { ProviderFilterItem } from './provider-filter-item';

const REASON_WIDTH = 320;
const DEFAULTS = { provider: '', follow: '', page: '1', pageSize: '20' };

interface Filters {
  provider?: number | null;
  follow?: number | null;
}

/**
 * Copies that could not be made (DESIGN §9: recorded with their reason, never dropped): when, whose
 * follow, the provider's order it mirrored, the trade, and the follower's rule that refused it (the
 * error code and its message). Filters: provider, follow (a follow's refusal count links here).
 */
export function RefusalsScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const [url, patch] = useUrlState(DEFAULTS);
  const paging = pagingOf(url);
  const providerUserId = positiveInt(url.provider, 0) || undefined;
  const followId = positiveInt(url.follow, 0) || undefined;
  const query: RefusalsQuery = { providerUserId, followId, ...paging };
  const list = useRefusals(query);
  const providerName = list.data?.rows[0]?.provider;

  const columns: ColumnsType<RefusalRow> = [
    { title: t('copy.columns.time'), dataIndex: 'createdAt', render: formatDateTime },
    {
      title: t('copy.columns.follower'),
      dataIndex: 'followerUid',
      render: (uid: string, row) => (
        <Flex vertical>
          <span>{uid}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('copy.followNo', { id: row.followId })}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('copy.columns.provider'), dataIndex: 'provider' },
    { title: t('copy.columns.providerOrder'), dataIndex: 'providerOrderId', align: 'right' },
    { title: t('orders.instrument'), dataIndex: 'code' },
    { title: t('orders.side'), dataIndex: 'side', render: (side: number) => <SideTag side={side} /> },
    {
      title: t('orders.lots'),
      dataIndex: 'lots',
      align: 'right',
      render: (v: string) => <span className="num">{v}</span>,
    },
    {
      title: t('copy.columns.errorCode'),
      dataIndex: 'errorCode',
      render: (code: number) => <Typography.Text code>{code}</Typography.Text>,
    },
    {
      title: t('copy.columns.reason'),
      dataIndex: 'reason',
      // Wraps rather than widen the table past the screen.
      render: (reason: string) => <div style={{ minWidth: 200, maxWidth: REASON_WIDTH }}>{reason}</div>,
    },
  ];

  return (
    <Page title={t('nav.copyRefusals')}>
      <Card>
        <FilterForm<Filters>
          form={form}
          values={{ provider: providerUserId ?? null, follow: followId ?? null }}
          onSearch={(v) =>
            patch({
              provider: v.provider ? String(v.provider) : '',
              follow: v.follow ? String(v.follow) : '',
              page: '1',
            })
          }
          onReset={() => patch({ provider: '', follow: '', page: '1' })}
        >
          <ProviderFilterItem
            current={
              providerUserId ? { id: providerUserId, label: providerName ?? `#${providerUserId}` } : undefined
            }
          />
          <Form.Item name="follow" label={t('copy.columns.follow')}>
            <InputNumber<number> min={1} precision={0} controls={false} style={{ width: 120 }} />
          </Form.Item>
        </FilterForm>
      </Card>
      <Card>
        {list.isError && !list.data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Table<RefusalRow>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={list.data?.rows ?? []}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: providerUserId || followId ? t('copy.noRefusalMatch') : t('copy.emptyRefusals'),
            }}
            pagination={serverPagination(t, paging, list.data?.total, (page, pageSize) =>
              patch({ page: String(page), pageSize: String(pageSize) }),
            )}
          />
        )}
      </Card>
    </Page>
  );
}
