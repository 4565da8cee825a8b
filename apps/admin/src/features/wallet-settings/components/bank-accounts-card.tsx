import { staffSaveBankAccountCall } from '@meridian/contracts';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASH } from '../../../lib/format';
import {
  type BankAccount,
  type BankAccountBody,
  type BankChannel,
  saveBankAccount,
  toBankAccountBody,
} from '../api/wallet-config';
import { EnabledItem, TextItem } from './config-fields';
import { type ConfigCardProps, ConfigTableCard } from './config-table-card';

const fields = staffSaveBankAccountCall.body!.shape;
type Values = Omit<BankAccountBody, 'id'>;

/** The broker's bank accounts, each under a channel: what a user pays into for a bank deposit. */
export function BankAccountsCard({
  channels,
  ...props
}: ConfigCardProps<BankAccount> & { channels: BankChannel[] }) {
  const { t } = useTranslation();
  const channelName = (id: number) => channels.find((c) => c.id === id)?.name ?? `#${id}`;
  const text = (v: string) => v || DASH;
  return (
    <ConfigTableCard<BankAccount, Values>
      {...props}
      section="account"
      title={t('walletSettings.account.title')}
      newLabel={t('walletSettings.account.new')}
      editTitle={(row) => t('walletSettings.account.editTitle', { id: row.id })}
      newDisabledReason={channels.length === 0 ? t('walletSettings.account.noChannel') : undefined}
      columns={[
        { title: t('walletSettings.account.channel'), dataIndex: 'channelId', render: channelName },
        { title: t('walletSettings.account.bankName'), dataIndex: 'bankName' },
        { title: t('walletSettings.account.payeeName'), dataIndex: 'payeeName' },
        { title: t('walletSettings.account.payeeAccount'), dataIndex: 'payeeAccount' },
        { title: t('walletSettings.account.bankSwift'), dataIndex: 'bankSwift', render: text },
        {
          title: t('walletSettings.account.bankAddress'),
          dataIndex: 'bankAddress',
          ellipsis: true,
          render: text,
        },
        {
          title: t('walletSettings.account.bankRemark'),
          dataIndex: 'bankRemark',
          ellipsis: true,
          render: text,
        },
      ]}
      fields={fields}
      newValues={{ bankAddress: '', bankSwift: '', bankRemark: '', enabled: true }}
      save={(v, id) => saveBankAccount(toBankAccountBody(v, id))}
    >
      <Form.Item
        name="channelId"
        label={t('walletSettings.account.channel')}
        rules={[{ required: true, message: t('walletSettings.account.channelRule') }]}
      >
        <Select options={channels.map((c) => ({ value: c.id, label: c.name }))} />
      </Form.Item>
      <TextItem name="bankName" rule={t('walletSettings.min2max100')} required />
      <TextItem name="payeeName" rule={t('walletSettings.min2max100')} required />
      <TextItem name="payeeAccount" rule={t('walletSettings.account.payeeAccountRule')} required />
      <TextItem name="bankSwift" rule={t('walletSettings.max20')} upper />
      <TextItem name="bankAddress" rule={t('walletSettings.max200')} />
      <TextItem name="bankRemark" rule={t('walletSettings.max200')} rows={2} />
      <EnabledItem />
    </ConfigTableCard>
  );
}
