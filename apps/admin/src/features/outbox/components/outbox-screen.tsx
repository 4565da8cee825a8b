import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { FilterForm } from '../../../components/filter-form';
import { Page } from '../../../components/page';
import { DASH, formatDateTime } from '../../../lib/format';
import { serverPagination } from '../../../lib/table';
import { pagingOf, useUrlState } from '../../../lib/use-url-state';
import { type OutboxRow, useOutbox } from '../api/get-outbox';

const DEFAULTS = { target: '', page: '1', pageSize: '20' };

/** Outbox: the messages (verification codes) sent to users, filtered by e-mail or phone. */
export function OutboxScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ target: string }>();
  const [url, patch] = useUrlState(DEFAULTS);
  const paging = pagingOf(url);
  const outbox = useOutbox({ target: url.target, ...paging });

  const columns: ColumnsType<OutboxRow> = [
    { title: t('outbox.time'), dataIndex: 'createdAt', render: formatDateTime },
    {
      title: t('outbox.channel'),
      dataIndex: 'channel',
      render: (c: string) => <Tag>{t(`outbox.channels.${c}`, { defaultValue: c })}</Tag>,
    },
    { title: t('outbox.target'), dataIndex: 'target' },
    { title: t('outbox.subject'), dataIndex: 'subject', render: (v: string) => v || DASH },
    {
      title: t('outbox.body'),
      dataIndex: 'body',
      render: (v: string) => (
        <Typography.Paragraph
          style={{ margin: 0, maxWidth: 480, whiteSpace: 'pre-wrap' }}
          copyable={{ text: v }}
        >
          {v}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('outbox.transport'),
      dataIndex: 'transport',
      render: (v: string) => t(`outbox.transports.${v}`, { defaultValue: v }),
    },
    {
      title: t('outbox.status'),
      dataIndex: 'status',
      render: (s: string) => (
        <Tag color={s === 'failed' ? 'red' : s === 'sent' ? 'green' : undefined}>
          {t(`outbox.statuses.${s}`, { defaultValue: s })}
        </Tag>
      ),
    },
  ];

  return (
    <Page
      title={t('nav.outbox')}
      extra={
        <Button icon={<ReloadOutlined />} loading={outbox.isFetching} onClick={() => void outbox.refetch()}>
          {t('common.refresh')}
        </Button>
      }
    >
      <Card>
        <FilterForm<{ target: string }>
          form={form}
          values={{ target: url.target }}
          onSearch={(v) => patch({ target: (v.target ?? '').trim(), page: '1' })}
          onReset={() => patch(DEFAULTS)}
        >
          <Form.Item name="target" label={t('outbox.target')}>
            <Input allowClear placeholder={t('outbox.targetPlaceholder')} style={{ width: 280 }} />
          </Form.Item>
        </FilterForm>
      </Card>
      {outbox.isError && !outbox.data ? (
        <ErrorState error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : (
        <Table<OutboxRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={outbox.data?.rows ?? []}
          loading={outbox.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={serverPagination(t, paging, outbox.data?.total, (page, pageSize) =>
            patch({ page: String(page), pageSize: String(pageSize) }),
          )}
        />
      )}
    </Page>
  );
}
