import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigModal } from './config-modal';
import { editColumn } from './shared';

/**
 * One wallet setting table (coin options, bank channels, bank accounts, withdrawal currencies):
 * its rows, a New button and an Edit column for staff who may save, and the New / Edit dialog
 * (`ConfigModal`) holding the table's form fields.
 */
export function ConfigTableCard<R extends { id: number }, V extends object>({
  title,
  newLabel,
  editTitle,
  newDisabledReason,
  columns,
  rows,
  loading,
  canSave,
  initialValues,
  save,
  onSaved,
  children,
}: {
  title: string;
  newLabel: string;
  editTitle: (row: R) => string;
  /** Why a new row cannot be added yet (the New button is disabled with it as its tooltip). */
  newDisabledReason?: string | undefined;
  columns: ColumnsType<R>;
  rows: R[];
  loading: boolean;
  canSave: boolean;
  /** The dialog's starting values: the row's for an edit, defaults for a new one. */
  initialValues: (row: R | null) => Partial<V>;
  save: (values: V, id: number | undefined) => Promise<{ msg: string }>;
  onSaved: () => void;
  /** The dialog's form fields. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const row = editing === 'new' ? null : editing;
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
        columns={canSave ? [...columns, editColumn<R>(t, setEditing)] : columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      {editing ? (
        <ConfigModal<V>
          title={row ? editTitle(row) : newLabel}
          initialValues={initialValues(row)}
          save={(v) => save(v, row?.id)}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        >
          {children}
        </ConfigModal>
      ) : null}
    </Card>
  );
}
