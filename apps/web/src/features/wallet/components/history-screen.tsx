import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEnd } from '../../../components/list-end';
import { PageHeader } from '../../../components/page-header';
import { useAccountLog } from '../api/get-account-log';
import { walletKeys } from '../api/keys';
import { firstPageOnly, type Pages } from '../api/paging';
import type { AccountLogEntry } from '../api/types';
import { BalanceCard } from './balance-card';
import { HistoryRow } from './history-row';
import styles from './wallet.module.css';

/** Spec §4, §9: the pull-to-refresh spinner closes after 500 ms. */
export const REFRESH_SPINNER_MS = 500;

function AccountHistory() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const log = useAccountLog();
  const rows = log.data?.pages.flatMap((p) => p.list) ?? [];

  /** Refresh from page 1 (spec §4 Lists), and the balance with it. */
  const reload = useCallback(async () => {
    queryClient.setQueryData<Pages<AccountLogEntry>>(walletKeys.accountLog, firstPageOnly);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: walletKeys.accountLog }),
      queryClient.invalidateQueries({ queryKey: walletKeys.balance }),
    ]);
  }, [queryClient]);

  return (
    <div className={styles.pullBody}>
      <PullToRefresh
        onRefresh={async () => {
          void reload();
          await new Promise((r) => setTimeout(r, REFRESH_SPINNER_MS));
        }}
        pullingText={t('orders.pullToRefresh')}
        canReleaseText={t('orders.releaseToRefresh')}
        refreshingText={t('app.loading')}
        completeText={t('orders.refreshed')}
      >
        <BalanceCard />
        <h2 className={styles.sectionTitle}>{t('wallet.historyTitle')}</h2>
        {log.isPending ? (
          <p className={styles.note}>{t('app.loading')}</p>
        ) : (
          <>
            {rows.length > 0 && (
              <ul className={styles.list} aria-label={t('wallet.historyTitle')}>
                {rows.map((entry) => (
                  <li key={entry.Id}>
                    <HistoryRow entry={entry} />
                  </li>
                ))}
              </ul>
            )}
            <ListEnd count={rows.length} query={log} />
          </>
        )}
      </PullToRefresh>
    </div>
  );
}

/**
 * `/mine/history` (spec §2): available and frozen balance, then every movement, infinite, pull to
 * refresh. Open to demo accounts too: their history is their trading (fees, margin, profits).
 */
export function HistoryScreen() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('screens.history')} />
      <main className={styles.body}>
        <AccountHistory />
      </main>
    </div>
  );
}
