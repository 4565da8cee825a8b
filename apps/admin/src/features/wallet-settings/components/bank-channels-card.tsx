import { staffSaveBankChannelCall } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import {
  type BankChannel,
  type BankChannelBody,
  saveBankChannel,
  toBankChannelBody,
} from '../api/wallet-config';
import { EnabledItem, SortItem, TextItem } from './config-fields';
import { type ConfigCardProps, ConfigTableCard } from './config-table-card';

const fields = staffSaveBankChannelCall.body!.shape;

/** Bank deposit channels: the fiat currencies (or banks) a user picks before seeing the accounts. */
export function BankChannelsCard(props: ConfigCardProps<BankChannel>) {
  const { t } = useTranslation();
  return (
    <ConfigTableCard<BankChannel, Omit<BankChannelBody, 'id'>>
      {...props}
      section="channel"
      title={t('walletSettings.channel.title')}
      newLabel={t('walletSettings.channel.new')}
      editTitle={(row) => t('walletSettings.channel.editTitle', { id: row.id })}
      columns={[{ title: t('walletSettings.channel.name'), dataIndex: 'name' }]}
      fields={fields}
      newValues={{ enabled: true, sort: 0 }}
      save={(v, id) => saveBankChannel(toBankChannelBody(v, id))}
    >
      <TextItem
        name="name"
        extra={t('walletSettings.channel.nameHint')}
        rule={t('walletSettings.channel.nameRule')}
        required
      />
      <EnabledItem />
      <SortItem />
    </ConfigTableCard>
  );
}
