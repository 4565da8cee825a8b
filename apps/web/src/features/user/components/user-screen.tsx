import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ChevronRightIcon,
  DepositIcon,
  EyeIcon,
  EyeOffIcon,
  GiftIcon,
  GlobeIcon,
  HeadsetIcon,
  HistoryIcon,
  IdCardIcon,
  LinkIcon,
  LockIcon,
  LogoutIcon,
  MailIcon,
  MegaphoneIcon,
  RankIcon,
  ResetIcon,
  SettingsIcon,
  WalletIcon,
  WithdrawIcon,
} from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { copyText } from '../../../lib/clipboard';
import { groupDecimal } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../stores/session';
import { useWalletBalance } from '../api/get-balance';
import { useUserInfo } from '../api/get-user-info';
import { useHideBalance } from '../hide-balance';
import { useCustomerService } from '../hooks/use-customer-service';
import { useLogout } from '../hooks/use-logout';
import { useResetDemo } from '../hooks/use-reset-demo';
import { inviteLink } from '../invite-link';
import styles from './user-screen.module.css';

const MASK = '****';

interface MenuEntry {
  key: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
  onClick: () => void;
  disabled?: boolean;
  extra?: ReactNode;
  danger?: boolean;
}

/** `/user` personal centre (spec §2). */
export function UserScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stored = useSession((s) => s.user);
  const info = useUserInfo();
  const wallet = useWalletBalance();
  const [hidden, toggleHidden] = useHideBalance();

  const user = info.data ?? stored;
  const isDemo = user?.is_demo === 1;
  const balance = wallet.data?.balance ?? user?.balance ?? null;
  const frozen = wallet.data?.lock_balance ?? user?.lock_balance ?? null;

  /** Auth, invite, password, deposit and withdraw need a real account (spec §2, §6). */
  const realOnly = (to: string) => () => {
    if (isDemo) toast(t('common.realAccountRequired'));
    else navigate(to);
  };

  const openService = useCustomerService();
  const logout = useLogout();
  const resetDemo = useResetDemo();

  const copyInvite = async () => {
    if (isDemo || !user?.invite_code) {
      toast(t('common.realAccountRequired'));
      return;
    }
    if (await copyText(inviteLink(user.invite_code))) toast(t('common.copied'));
  };

  const groups: MenuEntry[][] = [
    [
      { key: 'wallet', label: 'user.menu.wallet', Icon: WalletIcon, onClick: () => navigate('/mine/wallet') },
      { key: 'auth', label: 'user.menu.auth', Icon: IdCardIcon, onClick: realOnly('/mine/auth') },
      { key: 'invite', label: 'user.menu.invite', Icon: GiftIcon, onClick: realOnly('/mine/invite') },
      { key: 'password', label: 'user.menu.password', Icon: LockIcon, onClick: realOnly('/mine/password') },
      {
        key: 'history',
        label: 'user.menu.history',
        Icon: HistoryIcon,
        onClick: () => navigate('/mine/history'),
      },
      // Signal providers are real traders (DESIGN §9): the provider centre is /rank's provider tab.
      {
        key: 'provider',
        label: 'copy.apply.entry',
        Icon: RankIcon,
        onClick: realOnly('/rank?tab=provider'),
      },
    ],
    [
      { key: 'service', label: 'user.menu.service', Icon: HeadsetIcon, onClick: openService },
      {
        key: 'complaint',
        label: 'user.menu.complaintEmail',
        Icon: MailIcon,
        onClick: () => navigate('/mine/email'),
      },
      {
        key: 'announcement',
        label: 'user.menu.announcement',
        Icon: MegaphoneIcon,
        onClick: () => navigate('/mine/announcement'),
      },
      { key: 'language', label: 'user.menu.language', Icon: GlobeIcon, onClick: () => navigate('/language') },
      {
        key: 'system',
        label: 'user.menu.system',
        Icon: SettingsIcon,
        onClick: () => navigate('/mine/system'),
      },
      { key: 'copyInvite', label: 'user.menu.copyInvite', Icon: LinkIcon, onClick: () => void copyInvite() },
    ],
    [
      {
        key: 'logout',
        label: 'user.menu.logout',
        Icon: LogoutIcon,
        onClick: () => void logout(),
        danger: true,
      },
    ],
  ];
  if (isDemo) {
    groups[0]!.unshift({
      key: 'resetDemo',
      label: 'user.resetDemo',
      Icon: ResetIcon,
      onClick: () => void resetDemo(),
    });
  }

  const mobile = user?.mobile ? `${user.area_code} ${user.mobile}`.trim() : '';
  const accountLabel = isDemo ? t('user.demoAccount') : user?.email || mobile || t('user.realAccount');

  return (
    <div className="page">
      <PageHeader noBack title={t('screens.user')} />
      <main className={styles.body}>
        <section className={styles.card} aria-labelledby="account-label">
          <div className={styles.cardTop}>
            <div className={styles.avatar} aria-hidden="true">
              {(accountLabel.match(/[\p{L}\d]/u)?.[0] ?? 'M').toUpperCase()}
            </div>
            <div className={styles.identity}>
              <h2 id="account-label" className={styles.accountLabel}>
                {accountLabel}
              </h2>
              <p className={styles.meta}>
                <span className="num">{t('user.uid', { uid: user?.uid ?? '--' })}</span>
                <span className={styles.dot} aria-hidden="true">
                  ·
                </span>
                <span>{t('user.creditScore', { score: user?.credit_score ?? '--' })}</span>
              </p>
            </div>
          </div>

          <div className={styles.balanceRow}>
            <span className={styles.balanceLabel}>{t('user.balance')}</span>
            <button
              type="button"
              className={styles.eye}
              onClick={toggleHidden}
              aria-pressed={hidden}
              aria-label={t(hidden ? 'user.showBalance' : 'user.hideBalance')}
            >
              {hidden ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
            </button>
          </div>
          <p className={`${styles.balance} num`} data-testid="balance">
            {hidden ? MASK : balance !== null ? groupDecimal(balance) : '--'}
          </p>
          <p className={styles.frozen}>
            {t('user.frozen', { amount: hidden ? MASK : frozen !== null ? groupDecimal(frozen) : '--' })}
          </p>

          <div className={styles.actions}>
            <button
              type="button"
              className={styles.primaryAction}
              onClick={realOnly('/mine/charge')}
              data-testid="deposit"
            >
              <DepositIcon size={18} />
              {t('user.deposit')}
            </button>
            <button
              type="button"
              className={styles.secondaryAction}
              onClick={realOnly('/mine/withdraw')}
              data-testid="withdraw"
            >
              <WithdrawIcon size={18} />
              {t('user.withdraw')}
            </button>
          </div>
        </section>

        {groups.map((group) => (
          <ul key={group[0]!.key} className={styles.menu}>
            {group.map(({ key, label, Icon, onClick, disabled, extra, danger }) => (
              <li key={key}>
                <button
                  type="button"
                  className={danger ? `${styles.item} ${styles.danger}` : styles.item}
                  onClick={onClick}
                  disabled={disabled}
                  data-testid={`menu-${key}`}
                >
                  <span className={styles.itemIcon}>
                    <Icon size={20} />
                  </span>
                  <span className={styles.itemLabel}>{t(label)}</span>
                  {extra}
                  {!danger && !disabled && <ChevronRightIcon size={18} className={styles.chevron} />}
                </button>
              </li>
            ))}
          </ul>
        ))}
      </main>
    </div>
  );
}
