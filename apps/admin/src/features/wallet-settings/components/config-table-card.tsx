import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { type ConfigFieldSchemas, ConfigFieldsProvider, type ConfigSection } from './config-fields';

/** What the screen gives each wallet setting table. */
export interface ConfigCardProps<R> {
  rows: R[];
  loading: boolean;
  /** The role may save this table's rows: New, and an Edit column. */
  canSave: boolean;
  onSaved: () => void;
}

interface ConfigRow {
  id: number;
  enabled: boolean;
}

/**
 * One wallet setting table (coin options, bank channels, bank accounts, withdrawal currencies):
 * Id, the table's own `columns`, Enabled and (when the save call has one) Order; a New button and
 * an Edit column for staff who may save, and the New / Edit dialog holding the table's form fields
 * (`children`), checked with the contract's rules and sent with `save`.
 */
export function ConfigTableCard<R extends ConfigRow, V extends object>({
  rows,
  loading,
  canSave,
  onSaved,
  section,
  title,
  newLabel,
  editTitle,
  newDisabledReason,
  columns,
  fields,
  newValues,
  editValues,
  save,
  children,
}: ConfigCardProps<R> & {
  /** The table's part of the catalog (its form fields' labels). */
  section: ConfigSection;
  title: string;
  newLabel: string;
  editTitle: (row: R) => string;
  /** Why a new row cannot be added yet (the New button is disabled with it as its tooltip). */
  newDisabledReason?: string | undefined;
  /** The table's own columns, between Id and Enabled. */
  columns: ColumnsType<R>;
  /** The save call's body fields: the form's fields (bar the id), read from the row for an edit. */
  fields: ConfigFieldSchemas;
  /** A new row's starting values. */
  newValues: Partial<V>;
  /** Values an edit reads otherwise than as the row has them. */
  editValues?: (row: R) => Partial<V>;
  save: (values: V, id: number | undefined) => Promise<{ msg: string }>;
  /** The dialog's form fields. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const row = editing === 'new' ? null : editing;
  const sorted = 'sort' in fields;
  const allColumns: ColumnsType<R> = [
    { title: t('walletSettings.id'), dataIndex: 'id', width: 70 },
    ...columns,
    {
      title: t('walletSettings.enabled'),
      dataIndex: 'enabled',
      render: (v: boolean) => <EnabledTag on={v} />,
    },
    ...(sorted ? [{ title: t('walletSettings.sort'), dataIndex: 'sort', align: 'right' as const }] : []),
    ...(canSave ? [editColumn<R>(t, setEditing)] : []),
  ];
  return (
    <Card
      title={title}
      extra={
        canSave ? (
          <Button
            icon={<PlusOutlined />}
            disabled={newDisabledReason !== undefined}
            title={newDisabledReason}
            onClick={() => setEditing('new')}
          >
            {newLabel}
          </Button>
        ) : null
      }
    >
      <Table<R>
        rowKey="id"
        size="small"
        columns={allColumns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      {editing ? (
        <FormModal<V>
          title={row ? editTitle(row) : newLabel}
          initialValues={row ? { ...rowValues<V>(row, fields), ...editValues?.(row) } : newValues}
          save={(v) => save(v, row?.id)}
          onClose={() => setEditing(null)}
          onDone={onSaved}
        >
          <ConfigFieldsProvider section={section} fields={fields}>
            {children}
          </ConfigFieldsProvider>
        </FormModal>
      ) : null}
    </Card>
  );
}

/** An edit's starting values: the row's value of each field the save call takes, bar the id. */
function rowValues<V>(row: object, fields: Record<string, unknown>): Partial<V> {
  const values = row as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(fields)
      .filter((name) => name !== 'id')
      .map((name) => [name, values[name]]),
  ) as Partial<V>;
}

/** Whether a row is offered to users. */
function EnabledTag({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={on ? 'green' : 'default'}>{on ? t('walletSettings.shown') : t('walletSettings.hidden')}</Tag>
  );
}

/** The Edit column of a settings table. */
function editColumn<R>(t: TFunction, onEdit: (row: R) => void) {
  return {
    title: t('common.actions'),
    key: 'actions',
    fixed: 'right' as const,
    render: (_: unknown, row: R) => (
      <Button size="small" onClick={() => onEdit(row)}>
        {t('common.edit')}
      </Button>
    ),
  };
}
