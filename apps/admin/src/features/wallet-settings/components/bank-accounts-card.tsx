import { staffSaveBankAccountCall } from '@meridian/contracts';
import { Form, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../../lib/contract-rule';
import { DASH } from '../../../lib/format';
import {
  type BankAccount,
  type BankAccountBody,
  type BankChannel,
  saveBankAccount,
  toBankAccountBody,
} from '../api/wallet-config';
import { EnabledItem, requiredText, upper } from './config-modal';
import { ConfigTableCard } from './config-table-card';
import { EnabledTag } from './shared';

const fields = staffSaveBankAccountCall.body!.shape;
type Values = Omit<BankAccountBody, 'id'>;

/** The broker's bank accounts, each under a channel: what a user pays into for a bank deposit. */
export function BankAccountsCard({
  rows,
  channels,
  loading,
  canSave,
  onSaved,
}: {
  rows: BankAccount[];
  channels: BankChannel[];
  loading: boolean;
  canSave: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const channelName = (id: number) => channels.find((c) => c.id === id)?.name ?? `#${id}`;
  const text = (v: string) => v || DASH;
  const columns: ColumnsType<BankAccount> = [
    { title: t('walletSettings.id'), dataIndex: 'id', width: 70 },
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
    { title: t('walletSettings.account.bankRemark'), dataIndex: 'bankRemark', ellipsis: true, render: text },
    {
      title: t('walletSettings.enabled'),
      dataIndex: 'enabled',
      render: (v: boolean) => <EnabledTag on={v} />,
    },
  ];
  const optional = (name: keyof Values, message: string) => ({
    name,
    rules: [contractRule(fields[name], message)],
  });
  return (
    <ConfigTableCard<BankAccount, Values>
      title={t('walletSettings.account.title')}
      newLabel={t('walletSettings.account.new')}
      editTitle={(row) => t('walletSettings.account.editTitle', { id: row.id })}
      newDisabledReason={channels.length === 0 ? t('walletSettings.account.noChannel') : undefined}
      columns={columns}
      rows={rows}
      loading={loading}
      canSave={canSave}
      initialValues={(row) =>
        row
          ? {
              channelId: row.channelId,
              bankName: row.bankName,
              bankAddress: row.bankAddress,
              bankSwift: row.bankSwift,
              payeeName: row.payeeName,
              payeeAccount: row.payeeAccount,
              bankRemark: row.bankRemark,
              enabled: row.enabled,
            }
          : { bankAddress: '', bankSwift: '', bankRemark: '', enabled: true }
      }
      save={(v, id) => saveBankAccount(toBankAccountBody(v, id))}
      onSaved={onSaved}
    >
      <Form.Item
        name="channelId"
        label={t('walletSettings.account.channel')}
        rules={[{ required: true, message: t('walletSettings.account.channelRule') }]}
      >
        <Select options={channels.map((c) => ({ value: c.id, label: c.name }))} />
      </Form.Item>
      <Form.Item
        name="bankName"
        label={t('walletSettings.account.bankName')}
        rules={requiredText(fields.bankName, t('walletSettings.min2max100'))}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="payeeName"
        label={t('walletSettings.account.payeeName')}
        rules={requiredText(fields.payeeName, t('walletSettings.min2max100'))}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="payeeAccount"
        label={t('walletSettings.account.payeeAccount')}
        rules={requiredText(fields.payeeAccount, t('walletSettings.account.payeeAccountRule'))}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        {...optional('bankSwift', t('walletSettings.max20'))}
        label={t('walletSettings.account.bankSwift')}
        normalize={upper}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item
        {...optional('bankAddress', t('walletSettings.max200'))}
        label={t('walletSettings.account.bankAddress')}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        {...optional('bankRemark', t('walletSettings.max200'))}
        label={t('walletSettings.account.bankRemark')}
      >
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
      <EnabledItem />
    </ConfigTableCard>
  );
}
