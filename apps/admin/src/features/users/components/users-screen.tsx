import type { StaffUserRow } from '@meridian/contracts';
import { Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { FilterForm } from '../../../components/filter-form';
import { Page } from '../../../components/page';
import { DASH, formatDateTime, groupDecimal } from '../../../lib/format';
import { serverPagination } from '../../../lib/table';
import { pagingOf, useUrlState } from '../../../lib/use-url-state';
import { type UsersQuery, useUsers } from '../api/get-users';

const DEFAULTS = { q: '', demo: 'all', page: '1', pageSize: '20' };
type Demo = UsersQuery['demo'] & string;
const DEMO_VALUES: Demo[] = ['all', 'real', 'demo'];
const isDemo = (v: string): v is Demo => (DEMO_VALUES as string[]).includes(v);

interface Filters {
  q: string;
  demo: Demo;
}

/** Users: search (uid, e-mail, phone, invite code), real/demo filter, paged table, CSV export. */
export function UsersScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Filters>();
  const [url, patch] = useUrlState(DEFAULTS);
  const paging = pagingOf(url);
  const filters: Filters = { q: url.q, demo: isDemo(url.demo) ? url.demo : 'all' };
  const query: UsersQuery = { ...filters, ...paging };
  const users = useUsers(query);

  const columns: ColumnsType<StaffUserRow> = [
    {
      title: t('users.uid'),
      dataIndex: 'uid',
      render: (uid: string, row) => <Link to={`/users/${row.id}`}>{uid}</Link>,
    },
    { title: t('users.email'), dataIndex: 'email', render: (v: string | null) => v ?? DASH },
    { title: t('users.mobile'), dataIndex: 'mobile', render: (v: string | null) => v ?? DASH },
    { title: t('users.inviteCode'), dataIndex: 'inviteCode' },
    {
      title: t('users.account'),
      dataIndex: 'isDemo',
      render: (demo: boolean) => (
        <Tag color={demo ? 'default' : 'gold'}>{demo ? t('users.demo') : t('users.real')}</Tag>
      ),
    },
    {
      title: t('users.balance'),
      dataIndex: 'balance',
      align: 'right',
      render: (v: string) => groupDecimal(v),
    },
    {
      title: t('users.frozen'),
      dataIndex: 'lockBalance',
      align: 'right',
      render: (v: string) => groupDecimal(v),
    },
    { title: t('users.margin'), dataIndex: 'margin', align: 'right', render: (v: string) => groupDecimal(v) },
    { title: t('users.creditScore'), dataIndex: 'creditScore', align: 'right' },
    {
      title: t('users.flags'),
      key: 'flags',
      render: (_, row) =>
        row.loginFrozen || row.tradingFrozen ? (
          <Space size={4} wrap>
            {row.loginFrozen ? <Tag color="red">{t('users.loginFrozen')}</Tag> : null}
            {row.tradingFrozen ? <Tag color="orange">{t('users.tradingFrozen')}</Tag> : null}
          </Space>
        ) : (
          <Tag color="green">{t('users.active')}</Tag>
        ),
    },
    { title: t('users.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
  ];

  return (
    <Page title={t('nav.users')} extra={<ExportCsvButton path="/users.csv" query={filters} />}>
      <Card>
        <FilterForm<Filters>
          form={form}
          values={filters}
          onSearch={(v) => patch({ q: (v.q ?? '').trim(), demo: v.demo, page: '1' })}
          onReset={() => patch(DEFAULTS)}
        >
          <Form.Item name="q" label={t('common.search')}>
            <Input allowClear placeholder={t('users.searchPlaceholder')} style={{ width: 280 }} />
          </Form.Item>
          <Form.Item name="demo" label={t('users.account')}>
            <Select
              style={{ width: 140 }}
              options={DEMO_VALUES.map((v) => ({ value: v, label: t(`users.demoFilter.${v}`) }))}
            />
          </Form.Item>
        </FilterForm>
      </Card>
      {users.isError && !users.data ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <Table<StaffUserRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={users.data?.rows ?? []}
          loading={users.isFetching}
          scroll={{ x: 'max-content' }}
          rowClassName={() => 'clickable-row'}
          onRow={(row) => ({
            onClick: (e) => {
              if ((e.target as HTMLElement).closest('a')) return;
              navigate(`/users/${row.id}`);
            },
          })}
          pagination={serverPagination(t, paging, users.data?.total, (page, pageSize) =>
            patch({ page: String(page), pageSize: String(pageSize) }),
          )}
        />
      )}
    </Page>
  );
}
