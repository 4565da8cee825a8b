import { staffSaveCoinOptionCall } from '@meridian/contracts';
import { Form, Input, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../../lib/contract-rule';
import { DASH } from '../../../lib/format';
import { type CoinOption, type CoinOptionBody, saveCoinOption, toCoinOptionBody } from '../api/wallet-config';
import { EnabledItem, requiredText, SortItem, upper } from './config-modal';
import { ConfigTableCard } from './config-table-card';
import { EnabledTag } from './shared';

const fields = staffSaveCoinOptionCall.body!.shape;
type Values = Omit<CoinOptionBody, 'id'>;

/** Coin deposit options: the broker's receiving address per coin and network. */
export function CoinOptionsCard({
  rows,
  loading,
  canSave,
  onSaved,
}: {
  rows: CoinOption[];
  loading: boolean;
  canSave: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const columns: ColumnsType<CoinOption> = [
    { title: t('walletSettings.id'), dataIndex: 'id', width: 70 },
    { title: t('walletSettings.coin.currencyCode'), dataIndex: 'currencyCode' },
    {
      title: t('walletSettings.coin.protocolCode'),
      dataIndex: 'protocolCode',
      render: (v: string) => v || DASH,
    },
    {
      title: t('walletSettings.coin.address'),
      dataIndex: 'address',
      render: (v: string) => (
        <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('walletSettings.enabled'),
      dataIndex: 'enabled',
      render: (v: boolean) => <EnabledTag on={v} />,
    },
    { title: t('walletSettings.sort'), dataIndex: 'sort', align: 'right' },
  ];
  return (
    <ConfigTableCard<CoinOption, Values>
      title={t('walletSettings.coin.title')}
      newLabel={t('walletSettings.coin.new')}
      editTitle={(row) => t('walletSettings.coin.editTitle', { id: row.id })}
      columns={columns}
      rows={rows}
      loading={loading}
      canSave={canSave}
      initialValues={(row) =>
        row
          ? {
              currencyCode: row.currencyCode,
              protocolCode: row.protocolCode,
              address: row.address,
              enabled: row.enabled,
              sort: row.sort,
            }
          : { protocolCode: '', enabled: true, sort: 0 }
      }
      save={(v, id) => saveCoinOption(toCoinOptionBody(v, id))}
      onSaved={onSaved}
    >
      <Form.Item
        name="currencyCode"
        label={t('walletSettings.coin.currencyCode')}
        normalize={upper}
        rules={requiredText(fields.currencyCode, t('walletSettings.codeRule'))}
      >
        <Input maxLength={10} />
      </Form.Item>
      <Form.Item
        name="protocolCode"
        label={t('walletSettings.coin.protocolCode')}
        extra={t('walletSettings.coin.protocolHint')}
        normalize={upper}
        rules={[contractRule(fields.protocolCode, t('walletSettings.max20'))]}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item
        name="address"
        label={t('walletSettings.coin.address')}
        rules={requiredText(fields.address, t('walletSettings.coin.addressRule'))}
      >
        <Input maxLength={128} />
      </Form.Item>
      <EnabledItem />
      <SortItem schema={fields.sort} />
    </ConfigTableCard>
  );
}
