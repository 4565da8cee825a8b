import { useMutation } from '@tanstack/react-query';
import { InputNumber, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import type { Category } from '../api/get-categories';
import { updateCategory } from '../api/update-category';
import { categoryLabel } from '../category-label';

/** Categories: order (saved when the field is left or Enter is pressed) and an enabled switch. */
export function CategoriesTable({
  rows,
  loading,
  canEdit,
  onSaved,
}: {
  rows: Category[];
  loading: boolean;
  canEdit: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const save = useMutation({
    mutationFn: ({ id, ...body }: { id: number; sort?: number; enabled?: boolean }) =>
      updateCategory(id, body),
    onSuccess: ({ msg }) => {
      notifySuccess(msg);
      onSaved();
    },
  });
  const saveSort = (row: Category, value: number | null) => {
    if (value === null || value === row.sort || !Number.isInteger(value) || value < 0) return;
    save.mutate({ id: row.id, sort: value });
  };
  const columns: ColumnsType<Category> = [
    { title: t('categories.id'), dataIndex: 'id', width: 70 },
    {
      title: t('categories.key'),
      dataIndex: 'key',
      render: (key: string) => (
        <>
          {categoryLabel(t, key)} <Tag>{key}</Tag>
        </>
      ),
    },
    {
      title: t('categories.sort'),
      dataIndex: 'sort',
      render: (sort: number, row) =>
        canEdit ? (
          <InputNumber
            key={`${row.id}:${sort}`}
            size="small"
            min={0}
            max={100_000}
            precision={0}
            defaultValue={sort}
            aria-label={t('categories.sort')}
            onBlur={(e) => saveSort(row, e.target.value === '' ? null : Number(e.target.value))}
            onPressEnter={(e) => saveSort(row, Number((e.target as HTMLInputElement).value))}
          />
        ) : (
          sort
        ),
    },
    {
      title: t('categories.enabled'),
      dataIndex: 'enabled',
      render: (on: boolean, row) => (
        <Switch
          size="small"
          checked={on}
          disabled={!canEdit}
          loading={save.isPending && save.variables?.id === row.id && save.variables.enabled !== undefined}
          aria-label={t('categories.enabled')}
          onChange={(checked) => save.mutate({ id: row.id, enabled: checked })}
        />
      ),
    },
  ];
  return (
    <Table<Category>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={[...rows].sort((a, b) => a.sort - b.sort)}
      loading={loading}
      pagination={false}
    />
  );
}
