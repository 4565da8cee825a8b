import { useTranslation } from 'react-i18next';
import { useWalletBalance } from '../api/get-balance';
import { amountText } from '../format';
import styles from './wallet.module.css';

/** Available and frozen balance, USD with 2 decimals (spec §2, §9). */
export function BalanceCard() {
  const { t } = useTranslation();
  const balance = useWalletBalance();
  return (
    <dl className={styles.balance} aria-label={t('wallet.balanceLabel')}>
      <div>
        <dt>{t('wallet.available')}</dt>
        <dd className="num" data-testid="balance-available">
          {amountText(balance.data?.balance)}
        </dd>
      </div>
      <div>
        <dt>{t('wallet.frozen')}</dt>
        <dd className={`num ${styles.frozenFigure}`} data-testid="balance-frozen">
          {amountText(balance.data?.lock_balance)}
        </dd>
      </div>
    </dl>
  );
}
