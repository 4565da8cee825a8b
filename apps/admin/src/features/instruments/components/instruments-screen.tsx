import { PlusOutlined } from '@ant-design/icons';
import {
  type StaffInstrument,
  staffCreateInstrumentCall,
  staffUpdateCategoryCall,
  staffUpdateInstrumentCall,
  staffUploadLogoCall,
} from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { Page } from '../../../components/page';
import { canUse } from '../../../lib/access';
import { useSignedInStaff } from '../../../lib/me';
import { useCategories } from '../api/get-categories';
import { useInstruments } from '../api/get-instruments';
import { instrumentKeys } from '../api/keys';
import { categoryLabel } from '../category-label';
import { CategoriesTable } from './categories-table';
import { CreateInstrumentDrawer } from './create-instrument-drawer';
import { InstrumentDrawer } from './instrument-drawer';
import { InstrumentLogo } from './instrument-logo';
import { sessionName } from './session-options';

/**
 * Instruments (new and edit drawers for dealers, logo upload for dealers and content) and their
 * categories (order, enabled).
 */
export function InstrumentsScreen() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const queryClient = useQueryClient();
  const instruments = useInstruments();
  const categories = useCategories();
  const [editing, setEditing] = useState<StaffInstrument | null>(null);
  const [creating, setCreating] = useState(false);
  const canCreate = canUse(staff.role, staffCreateInstrumentCall);
  const canEdit = canUse(staff.role, staffUpdateInstrumentCall);
  const canUploadLogo = canUse(staff.role, staffUploadLogoCall);
  const canEditCategories = canUse(staff.role, staffUpdateCategoryCall);
  const categoryName = (id: number) => {
    const key = categories.data?.find((c) => c.id === id)?.key;
    return key ? categoryLabel(t, key) : `#${id}`;
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: instrumentKeys.all });
  /** A new logo shows at once in the drawer and the table (then the list is read again). */
  const logoChanged = (next: StaffInstrument) => {
    setEditing(next);
    queryClient.setQueryData<StaffInstrument[]>(instrumentKeys.list, (rows) =>
      rows?.map((row) => (row.id === next.id ? next : row)),
    );
    void queryClient.invalidateQueries({ queryKey: instrumentKeys.list });
  };

  const columns: ColumnsType<StaffInstrument> = [
    { title: t('instruments.id'), dataIndex: 'id', width: 70, sorter: (a, b) => a.id - b.id },
    {
      title: t('instruments.logo'),
      dataIndex: 'logo',
      width: 60,
      render: (logo: string, row) => <InstrumentLogo code={row.code} logo={logo} />,
    },
    { title: t('instruments.code'), dataIndex: 'code', sorter: (a, b) => a.code.localeCompare(b.code) },
    { title: t('instruments.showCode'), dataIndex: 'showCode' },
    {
      title: t('instruments.category'),
      dataIndex: 'categoryId',
      render: (id: number) => <Tag>{categoryName(id)}</Tag>,
      filters: (categories.data ?? []).map((c) => ({ text: categoryLabel(t, c.key), value: c.id })),
      onFilter: (value, row) => row.categoryId === value,
    },
    {
      title: t('instruments.session'),
      dataIndex: 'session',
      render: (session: string) => sessionName(t, session),
      filters: [...new Set((instruments.data ?? []).map((i) => i.session))].map((s) => ({
        text: sessionName(t, s),
        value: s,
      })),
      onFilter: (value, row) => row.session === value,
    },
    { title: t('instruments.pricePrecision'), dataIndex: 'pricePrecision', align: 'right' },
    { title: t('instruments.spreadPoints'), dataIndex: 'spreadPoints', align: 'right' },
    { title: t('instruments.lotStep'), dataIndex: 'lotStep', align: 'right' },
    { title: t('instruments.minLots'), dataIndex: 'minLots', align: 'right' },
    { title: t('instruments.contractSize'), dataIndex: 'contractSize', align: 'right' },
    { title: t('instruments.feeRate'), dataIndex: 'feeRate', align: 'right' },
    {
      title: t('instruments.marginMode'),
      dataIndex: 'marginMode',
      render: (m: number) => t(`instruments.marginModes.${m}`, { defaultValue: String(m) }),
    },
    {
      title: t('instruments.leverageOptions'),
      dataIndex: 'leverageOptions',
      render: (opts: number[]) => (
        <Flex gap={2} wrap>
          {opts.map((o) => (
            <Tag key={o}>{o}</Tag>
          ))}
        </Flex>
      ),
    },
    { title: t('instruments.maxLotsPerOrder'), dataIndex: 'maxLotsPerOrder', align: 'right' },
    { title: t('instruments.maxOpenLots'), dataIndex: 'maxOpenLots', align: 'right' },
    { title: t('instruments.sort'), dataIndex: 'sort', align: 'right', sorter: (a, b) => a.sort - b.sort },
    {
      title: t('instruments.enabled'),
      dataIndex: 'enabled',
      render: (on: boolean) => (
        <Tag color={on ? 'green' : 'default'}>{on ? t('common.on') : t('common.off')}</Tag>
      ),
      filters: [
        { text: t('common.on'), value: true },
        { text: t('common.off'), value: false },
      ],
      onFilter: (value, row) => row.enabled === value,
    },
    ...(canEdit || canUploadLogo
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: StaffInstrument) => (
              <Button size="small" onClick={() => setEditing(row)}>
                {canEdit ? t('common.edit') : t('instruments.logo')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Page title={t('nav.instruments')}>
      <Card
        title={t('instruments.title')}
        extra={
          canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('instruments.new')}
            </Button>
          ) : null
        }
      >
        {instruments.isError && !instruments.data ? (
          <ErrorState error={instruments.error} onRetry={() => void instruments.refetch()} />
        ) : (
          <Table<StaffInstrument>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={instruments.data ?? []}
            loading={instruments.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={{
              pageSize: 50,
              hideOnSinglePage: true,
              showTotal: (count) => t('common.total', { count }),
            }}
          />
        )}
      </Card>
      <Card title={t('categories.title')}>
        {categories.isError && !categories.data ? (
          <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />
        ) : (
          <CategoriesTable
            rows={categories.data ?? []}
            loading={categories.isFetching}
            canEdit={canEditCategories}
            onSaved={refresh}
            instrumentCounts={instrumentCountsOf(instruments.data ?? [])}
          />
        )}
      </Card>
      {editing ? (
        <InstrumentDrawer
          instrument={editing}
          categories={categories.data ?? []}
          canEdit={canEdit}
          canUploadLogo={canUploadLogo}
          onClose={() => setEditing(null)}
          onSaved={refresh}
          onLogoChanged={logoChanged}
        />
      ) : null}
      {creating ? (
        <CreateInstrumentDrawer
          categories={categories.data ?? []}
          onClose={() => setCreating(false)}
          onCreated={refresh}
        />
      ) : null}
    </Page>
  );
}

/** How many instruments each category holds (enabled or not: hiding the category hides them all). */
function instrumentCountsOf(rows: ReadonlyArray<{ categoryId: number }>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.categoryId, (counts.get(r.categoryId) ?? 0) + 1);
  return counts;
}
