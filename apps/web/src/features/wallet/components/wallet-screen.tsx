import { Button } from 'antd-mobile';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  ChevronRightIcon,
  DepositIcon,
  HistoryIcon,
  IdCardIcon,
  LinkIcon,
  WithdrawIcon,
} from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { RealAccountGate } from '../../../components/real-account-gate';
import { BalanceCard } from './balance-card';
import styles from './wallet.module.css';

const LINKS: ReadonlyArray<{
  to: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
  testId: string;
}> = [
  {
    to: '/mine/coin-address-list',
    label: 'screens.coinAddressList',
    Icon: LinkIcon,
    testId: 'link-coin-addresses',
  },
  { to: '/mine/bank-card-list', label: 'screens.bankCardList', Icon: IdCardIcon, testId: 'link-bank-cards' },
  { to: '/mine/history', label: 'screens.history', Icon: HistoryIcon, testId: 'link-history' },
];

/** `/mine/wallet` (spec §2): the balance, deposit and withdraw, and the bound coin addresses and bank cards. */
export function WalletScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page">
      <PageHeader title={t('screens.wallet')} />
      <main className={styles.body}>
        <RealAccountGate>
          <BalanceCard />
          <div className={styles.actions}>
            <Button
              color="primary"
              shape="rounded"
              onClick={() => navigate('/mine/charge')}
              data-testid="wallet-deposit"
            >
              <DepositIcon size={16} /> {t('user.deposit')}
            </Button>
            <Button shape="rounded" onClick={() => navigate('/mine/withdraw')} data-testid="wallet-withdraw">
              <WithdrawIcon size={16} /> {t('user.withdraw')}
            </Button>
          </div>
          <ul className={styles.menu}>
            {LINKS.map(({ to, label, Icon, testId }) => (
              <li key={to}>
                <Link to={to} className={styles.item} data-testid={testId}>
                  <span className={styles.itemIcon}>
                    <Icon size={20} />
                  </span>
                  <span className={styles.itemLabel}>{t(label)}</span>
                  <ChevronRightIcon size={18} className={styles.chevron} />
                </Link>
              </li>
            ))}
          </ul>
        </RealAccountGate>
      </main>
    </div>
  );
}
