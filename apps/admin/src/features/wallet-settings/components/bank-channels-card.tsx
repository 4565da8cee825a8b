import { PlusOutlined } from '@ant-design/icons';
import { staffSaveBankChannelCall } from '@meridian/contracts';
import { Button, Card, Form, Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BankChannel,
  type BankChannelBody,
  saveBankChannel,
  toBankChannelBody,
} from '../api/wallet-config';
import { ConfigModal, EnabledItem, requiredText, SortItem } from './config-modal';
import { EnabledTag, editColumn } from './shared';

const fields = staffSaveBankChannelCall.body!.shape;
type Values = Omit<BankChannelBody, 'id'>;

/** Bank deposit channels: the fiat currencies (or banks) a user picks before seeing the accounts. */
export function BankChannelsCard({
  rows,
  loading,
  canSave,
  onSaved,
}: {
  rows: BankChannel[];
  loading: boolean;
  canSave: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<BankChannel | 'new' | null>(null);
  const columns: ColumnsType<BankChannel> = [
    { title: t('walletSettings.id'), dataIndex: 'id', width: 70 },
    { title: t('walletSettings.channel.name'), dataIndex: 'name' },
    {
      title: t('walletSettings.enabled'),
      dataIndex: 'enabled',
      render: (v: boolean) => <EnabledTag on={v} />,
    },
    { title: t('walletSettings.sort'), dataIndex: 'sort', align: 'right' },
    ...(canSave ? [editColumn<BankChannel>(t, setEditing)] : []),
  ];
  const row = editing === 'new' ? null : editing;
  const initial: Partial<Values> = row
    ? { name: row.name, enabled: row.enabled, sort: row.sort }
    : { enabled: true, sort: 0 };
  return (
    <Card
      title={t('walletSettings.channel.title')}
      extra={
        canSave ? (
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('walletSettings.channel.new')}
          </Button>
        ) : null
      }
    >
      <Table<BankChannel>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      {editing ? (
        <ConfigModal<Values>
          title={
            row ? t('walletSettings.channel.editTitle', { id: row.id }) : t('walletSettings.channel.new')
          }
          initialValues={initial}
          save={(v) => saveBankChannel(toBankChannelBody(v, row?.id))}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        >
          <Form.Item
            name="name"
            label={t('walletSettings.channel.name')}
            extra={t('walletSettings.channel.nameHint')}
            rules={requiredText(fields.name, t('walletSettings.channel.nameRule'))}
          >
            <Input maxLength={40} />
          </Form.Item>
          <EnabledItem />
          <SortItem schema={fields.sort} />
        </ConfigModal>
      ) : null}
    </Card>
  );
}
