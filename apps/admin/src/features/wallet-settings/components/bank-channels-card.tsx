import { staffSaveBankChannelCall } from '@meridian/contracts';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  type BankChannel,
  type BankChannelBody,
  saveBankChannel,
  toBankChannelBody,
} from '../api/wallet-config';
import { EnabledItem, requiredText, SortItem } from './config-modal';
import { ConfigTableCard } from './config-table-card';
import { EnabledTag } from './shared';

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
  const columns: ColumnsType<BankChannel> = [
    { title: t('walletSettings.id'), dataIndex: 'id', width: 70 },
    { title: t('walletSettings.channel.name'), dataIndex: 'name' },
    {
      title: t('walletSettings.enabled'),
      dataIndex: 'enabled',
      render: (v: boolean) => <EnabledTag on={v} />,
    },
    { title: t('walletSettings.sort'), dataIndex: 'sort', align: 'right' },
  ];
  return (
    <ConfigTableCard<BankChannel, Values>
      title={t('walletSettings.channel.title')}
      newLabel={t('walletSettings.channel.new')}
      editTitle={(row) => t('walletSettings.channel.editTitle', { id: row.id })}
      columns={columns}
      rows={rows}
      loading={loading}
      canSave={canSave}
      initialValues={(row) =>
        row ? { name: row.name, enabled: row.enabled, sort: row.sort } : { enabled: true, sort: 0 }
      }
      save={(v, id) => saveBankChannel(toBankChannelBody(v, id))}
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
    </ConfigTableCard>
  );
}
