import { useMutation } from '@tanstack/react-query';
import { App, Input, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toWholeNumber } from '../../../components/whole-number-input';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { Category } from '../api/get-categories';
import { updateCategory } from '../api/update-category';
import { categoryLabel } from '../category-label';

/** Categories: order (saved when the field is left or Enter is pressed) and an enabled switch. */
export function CategoriesTable({
  rows,
  loading,
  canEdit,
  onSaved,
  instrumentCounts,
}: {
  rows: Category[];
  loading: boolean;
  canEdit: boolean;
  onSaved: () => void;
  /** Instruments listed in each category (by id), for the hide confirmation. */
  instrumentCounts?: ReadonlyMap<number, number>;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const save = useMutation({
    mutationFn: ({ id, ...body }: { id: number; sort?: number; enabled?: boolean }) =>
      updateCategory(id, body),
    onSuccess: ({ msg }) => {
      notifySuccess(msg);
      onSaved();
    },
  });
  /** Saves a typed order; anything but a whole number from 0 to 100 000 is refused, never rounded. */
  const saveSort = (row: Category, text: string): boolean => {
    const value = toWholeNumber(text);
    if (value === row.sort) return true;
    if (typeof value !== 'number' || value < 0 || value > 100_000) {
      notifyError(t('instruments.sortRule'));
      return false;
    }
    save.mutate({ id: row.id, sort: value });
    return true;
  };
  /**
   * Hiding a category takes every instrument in it off every trader's list at once (positions stay
   * priced and closable): one click must not do that unasked.
   */
  const confirmHide = (row: Category) => {
    modal.confirm({
      title: t('categories.hideTitle', { name: categoryLabel(t, row.key) }),
      content: t('categories.hideContent', { count: instrumentCounts?.get(row.id) ?? 0 }),
      okText: t('categories.hide'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => save.mutateAsync({ id: row.id, enabled: false }).catch(() => {}),
    });
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
          <SortCell
            key={`${row.id}:${sort}`}
            sort={sort}
            label={t('categories.sort')}
            onSave={(text) => saveSort(row, text)}
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
          onChange={(checked) => {
            if (checked) save.mutate({ id: row.id, enabled: true });
            else confirmHide(row);
          }}
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

/**
 * A category's order as typed (antd's InputNumber rounded '1.5' to 2 and raised '-5' to 0 on blur,
 * saving what nobody typed): saved when left or on Enter; a refused text stays, marked, with the
 * rule said, until corrected.
 */
function SortCell({
  sort,
  label,
  onSave,
}: {
  sort: number;
  label: string;
  onSave: (text: string) => boolean;
}) {
  const [text, setText] = useState(String(sort));
  const [refused, setRefused] = useState(false);
  const save = () => setRefused(!onSave(text));
  return (
    <Input
      size="small"
      inputMode="numeric"
      style={{ width: 96 }}
      value={text}
      status={refused ? 'error' : undefined}
      aria-invalid={refused || undefined}
      aria-label={label}
      onChange={(e) => setText(e.target.value)}
      onBlur={save}
      onPressEnter={save}
    />
  );
}
