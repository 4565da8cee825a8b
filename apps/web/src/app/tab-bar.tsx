import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CopyTradeIcon, OrderIcon, QuotesIcon, RankIcon, TradeIcon } from '../components/icons';
import styles from './tab-bar.module.css';

/**
 * Bottom tab bar of spec §2: quotes, trade, order, copy trading (documentary), ranking.
 * Mapping: quotes → `/`, trade → `/trade`, order → `/order`, ranking → `/rank`; copy trading opens
 * the same copy-trading screen (`/rank`, the spec's "Copy-trading ranking") on its copy view,
 * `/rank?tab=copy`, the only copy-trading route of §2. The personal centre (`/user`, a footer route
 * without a tab of its own) is reached from the account button of the quotes header.
 * Rendered as real links (keyboard and screen-reader friendly) styled like antd-mobile's TabBar.
 */
interface Tab {
  key: string;
  to: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
  isActive: (pathname: string, search: URLSearchParams) => boolean;
}

const TABS: Tab[] = [
  { key: 'quotes', to: '/', label: 'tabs.quotes', Icon: QuotesIcon, isActive: (p) => p === '/' },
  { key: 'trade', to: '/trade', label: 'tabs.trade', Icon: TradeIcon, isActive: (p) => p === '/trade' },
  { key: 'order', to: '/order', label: 'tabs.order', Icon: OrderIcon, isActive: (p) => p === '/order' },
  {
    key: 'copy',
    to: '/rank?tab=copy',
    label: 'tabs.copyTrading',
    Icon: CopyTradeIcon,
    isActive: (p, s) => p === '/rank' && s.get('tab') === 'copy',
  },
  {
    key: 'ranking',
    to: '/rank',
    label: 'tabs.ranking',
    Icon: RankIcon,
    isActive: (p, s) => p === '/rank' && s.get('tab') !== 'copy',
  },
];

export function TabBar() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  return (
    <nav className={styles.bar} aria-label={t('tabs.label')}>
      {TABS.map(({ key, to, label, Icon, isActive }) => {
        const active = isActive(pathname, params);
        return (
          <Link
            key={key}
            to={to}
            className={active ? `${styles.item} ${styles.active}` : styles.item}
            aria-current={active ? 'page' : undefined}
          >
            <Icon size={22} />
            <span className={styles.label} data-testid="tab-label">
              {t(label)}
            </span>
          </Link>
        );
      })}
    </nav>
  );
}
