import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RealAccountGate } from '../../../components/real-account-gate';
import { type MethodType, withdrawTabOf, withdrawTabText } from '../api/keys';
import styles from './wallet.module.css';
import { WalletTabs } from './wallet-tabs';
import { WithdrawForm } from './withdraw-form';
import { WithdrawalRecords } from './withdrawal-records';

const TABS: ReadonlyArray<{ value: MethodType; label: string }> = [
  { value: 1, label: 'wallet.coin' },
  { value: 2, label: 'wallet.bank' },
];

/** `/mine/withdraw?type=0|1` (spec §3: coin 0, bank 1): withdraw to a bound coin address or bank card, and the records. */
export function WithdrawScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type = withdrawTabOf(params.get('type'));
  return (
    <div className="page">
      <PageHeader title={t('screens.withdraw')} />
      <RealAccountGate>
        <WalletTabs
          label={t('wallet.withdrawMethod')}
          tabs={TABS.map((tab) => ({ value: tab.value, label: t(tab.label) }))}
          value={type}
          onChange={(v) => setParams({ type: withdrawTabText(v) }, { replace: true })}
          testId="withdraw-tab"
        />
        <main className={styles.body}>
          <WithdrawForm key={type} type={type} />
          <WithdrawalRecords type={type} />
        </main>
      </RealAccountGate>
    </div>
  );
}
