import { ReloadOutlined } from '@ant-design/icons';
import {
  staffSaveBankAccountCall,
  staffSaveBankChannelCall,
  staffSaveCoinOptionCall,
  staffSaveDrawCurrencyCall,
} from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { Page } from '../../../components/page';
import { canUse } from '../../../lib/access';
import { useSignedInStaff } from '../../../lib/me';
import { useWalletConfig, walletConfigKeys } from '../api/wallet-config';
import { BankAccountsCard } from './bank-accounts-card';
import { BankChannelsCard } from './bank-channels-card';
import { CoinOptionsCard } from './coin-options-card';
import { DrawCurrenciesCard } from './draw-currencies-card';

/**
 * Wallet settings: coin deposit options, bank channels and their accounts, withdrawal currencies;
 * each table has New and Edit (a form checked with the contract's rules).
 */
export function WalletSettingsScreen() {
  const { t } = useTranslation();
  const staff = useSignedInStaff();
  const queryClient = useQueryClient();
  const config = useWalletConfig();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: walletConfigKeys.all });
  const loading = config.isPending;
  const data = config.data;

  return (
    <Page
      title={t('nav.wallet')}
      extra={
        <Button icon={<ReloadOutlined />} loading={config.isFetching} onClick={() => void config.refetch()}>
          {t('common.refresh')}
        </Button>
      }
    >
      {config.isError && !data ? (
        <ErrorState error={config.error} onRetry={() => void config.refetch()} />
      ) : (
        <>
          <CoinOptionsCard
            rows={data?.coinOptions ?? []}
            loading={loading}
            canSave={canUse(staff.role, staffSaveCoinOptionCall)}
            onSaved={refresh}
          />
          <BankChannelsCard
            rows={data?.bankChannels ?? []}
            loading={loading}
            canSave={canUse(staff.role, staffSaveBankChannelCall)}
            onSaved={refresh}
          />
          <BankAccountsCard
            rows={data?.bankAccounts ?? []}
            channels={data?.bankChannels ?? []}
            loading={loading}
            canSave={canUse(staff.role, staffSaveBankAccountCall)}
            onSaved={refresh}
          />
          <DrawCurrenciesCard
            rows={data?.drawCurrencies ?? []}
            loading={loading}
            canSave={canUse(staff.role, staffSaveDrawCurrencyCall)}
            onSaved={refresh}
          />
        </>
      )}
    </Page>
  );
}
