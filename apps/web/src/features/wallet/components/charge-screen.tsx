import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RealAccountGate } from '../../../components/real-account-gate';
import { type DepositType, depositTypeOf } from '../api/keys';
import { BankDepositForm } from './bank-deposit-form';
import { CoinDepositForm } from './coin-deposit-form';
import { DepositRecords } from './deposit-records';
import styles from './wallet.module.css';
import { WalletTabs } from './wallet-tabs';

const TABS: ReadonlyArray<{ value: DepositType; label: string }> = [
  { value: 0, label: 'wallet.coin' },
  { value: 1, label: 'wallet.bank' },
];

/** `/mine/charge?type=0|1` (spec §2): coin or bank deposit with a proof image, and the tab's deposits. */
export function ChargeScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type = depositTypeOf(params.get('type'));
  return (
    <div className="page">
      <PageHeader title={t('screens.charge')} />
      <RealAccountGate>
        <WalletTabs
          label={t('wallet.depositMethod')}
          tabs={TABS.map((tab) => ({ value: tab.value, label: t(tab.label) }))}
          value={type}
          onChange={(v) => setParams({ type: String(v) }, { replace: true })}
          testId="charge-tab"
        />
        <main className={styles.body}>
          {type === 0 ? <CoinDepositForm key="coin" /> : <BankDepositForm key="bank" />}
          <DepositRecords type={type} />
        </main>
      </RealAccountGate>
    </div>
  );
}
