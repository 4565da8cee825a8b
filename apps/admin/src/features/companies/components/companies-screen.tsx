import { PlusOutlined } from '@ant-design/icons';
import { COMPANY_STATUS, type StaffCompany, staffSaveCompanyCall } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Card, Form, Input, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { FilterForm } from '../../../components/filter-form';
import { Page } from '../../../components/page';
import { canUse } from '../../../lib/access';
import { DASH, formatDateTime } from '../../../lib/format';
import { useSignedInStaff } from '../../../lib/me';
import { serverPagination } from '../../../lib/table';
import { useDialogOpener } from '../../../lib/use-dialog-opener';
import { pagingOf, useUrlState } from '../../../lib/use-url-state';
import { companyKeys, useCompanies } from '../api/companies';
import { CompanyModal } from './company-modal';

const DEFAULTS = { q: '', page: '1', pageSize: '20' };

interface Filters {
  q: string;
}

/** An external link that opens in a new tab without handing it this window. */
function ExternalLink({ href }: { href: string }) {
  if (!href) return <>{DASH}</>;
  return (
    <Typography.Link href={href} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 220 }}>
      {href}
    </Typography.Link>
  );
}

/**
 * The company directory of `/product` (content role, DESIGN §10): search by name, the table, and
 * New / Edit in a dialog (logo upload, status and loss URL).
 */
export function CompaniesScreen() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [url, patch] = useUrlState(DEFAULTS);
  const paging = pagingOf(url);
  const list = useCompanies({ q: url.q, ...paging });
  const dialog = useDialogOpener<'new' | `edit:${number}`>();
  const canSave = canUse(staff.role, staffSaveCompanyCall);
  const editing =
    dialog.open?.startsWith('edit:') === true
      ? (list.data?.rows.find((c) => `edit:${c.id}` === dialog.open) ?? null)
      : null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: companyKeys.all });

  const columns: ColumnsType<StaffCompany> = [
    {
      title: t('companies.fields.logo'),
      dataIndex: 'logo',
      width: 64,
      render: (logo: string, row) => (
        <Avatar shape="square" size={32} src={logo || undefined} alt={row.name}>
          {row.name.slice(0, 1)}
        </Avatar>
      ),
    },
    { title: t('companies.fields.name'), dataIndex: 'name' },
    {
      title: t('companies.fields.url'),
      dataIndex: 'url',
      render: (href: string) => <ExternalLink href={href} />,
    },
    { title: t('companies.fields.subject'), dataIndex: 'subject', render: (v: string) => v || DASH },
    { title: t('companies.fields.email'), dataIndex: 'email', render: (v: string) => v || DASH },
    {
      title: t('companies.fields.status'),
      dataIndex: 'status',
      render: (s: number) => (
        <Tag color={s === COMPANY_STATUS.ACTIVE ? 'green' : 'red'}>
          {t(`companies.statuses.${s}`, { defaultValue: String(s) })}
        </Tag>
      ),
    },
    {
      title: t('companies.fields.lossUrl'),
      dataIndex: 'lossUrl',
      render: (href: string) => <ExternalLink href={href} />,
    },
    { title: t('companies.updatedAt'), dataIndex: 'updatedAt', render: formatDateTime },
    ...(canSave
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: StaffCompany) => (
              <Button size="small" onClick={() => dialog.show(`edit:${row.id}`)}>
                {t('common.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Page
      title={t('nav.companies')}
      extra={
        canSave ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => dialog.show('new')}>
            {t('companies.new')}
          </Button>
        ) : null
      }
    >
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
              placeholder={t('companies.searchPlaceholder')}
              style={{ width: 260 }}
            />
          </Form.Item>
        </FilterForm>
      </Card>
      <Card>
        {list.isError && !list.data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Table<StaffCompany>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.rows ?? []}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: url.q ? t('companies.noMatch') : t('companies.empty') }}
            pagination={serverPagination(t, paging, list.data?.total, (page, pageSize) =>
              patch({ page: String(page), pageSize: String(pageSize) }),
            )}
          />
        )}
      </Card>
      {dialog.open === 'new' || editing ? (
        <CompanyModal company={editing} onClose={dialog.close} onDone={refresh} />
      ) : null}
    </Page>
  );
}
