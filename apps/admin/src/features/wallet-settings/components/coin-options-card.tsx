import { staffSaveCoinOptionCall } from '@meridian/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASH } from '../../../lib/format';
import { type CoinOption, type CoinOptionBody, saveCoinOption, toCoinOptionBody } from '../api/wallet-config';
import { EnabledItem, SortItem, TextItem } from './config-fields';
import { type ConfigCardProps, ConfigTableCard } from './config-table-card';

const fields = staffSaveCoinOptionCall.body!.shape;

/** Coin deposit options: the broker's receiving address per coin and network. */
export function CoinOptionsCard(props: ConfigCardProps<CoinOption>) {
  const { t } = useTranslation();
  return (
    <ConfigTableCard<CoinOption, Omit<CoinOptionBody, 'id'>>
      {...props}
      section="coin"
      title={t('walletSettings.coin.title')}
      newLabel={t('walletSettings.coin.new')}
      editTitle={(row) => t('walletSettings.coin.editTitle', { id: row.id })}
      columns={[
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
      ]}
      fields={fields}
      newValues={{ protocolCode: '', enabled: true, sort: 0 }}
      save={(v, id) => saveCoinOption(toCoinOptionBody(v, id))}
    >
      <TextItem name="currencyCode" rule={t('walletSettings.codeRule')} required upper />
      <TextItem
        name="protocolCode"
        extra={t('walletSettings.coin.protocolHint')}
        rule={t('walletSettings.max20')}
        upper
      />
      <TextItem name="address" rule={t('walletSettings.coin.addressRule')} required />
      <EnabledItem />
      <SortItem />
    </ConfigTableCard>
  );
}
