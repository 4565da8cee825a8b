import type { FollowView } from '@meridian/contracts';
import { newIdempotencyKey } from '@meridian/contracts/idempotency-key';
import { FOLLOW_STATUS } from '@meridian/contracts/statuses';
import { money, toCents } from '@meridian/domain';
import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RealAccountGate } from '../../../components/real-account-gate';
import { openConfirm } from '../../../lib/confirm';
import { useSingleFlight } from '../../../lib/single-flight';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../stores/session';
import { useMyFollows } from '../api/get-my-follows';
import { copyKeys } from '../api/keys';
import { useStopFollow } from '../api/stop-follow';
import { useUpdateFollow } from '../api/update-follow';
import { profitText, signOf, usdText } from '../format';
import { useCopyPushes } from '../hooks/use-copy-pushes';
import styles from './copy-trading.module.css';
import { EditFollowForm, settingsOf } from './edit-follow-form';
import { type FollowActions, FollowCard } from './follow-card';
import { FundsForm } from './funds-form';
import { ListState } from './list-state';
import { LoginPrompt } from './login-prompt';
import { REFRESH_SPINNER_MS } from './ranking-screen';

/** The live follows' equity and profit added up (exact), or null when a figure is not a decimal. */
export function totalsOf(follows: readonly FollowView[]): { equity: string; profit: string } | null {
  try {
    let equity = money('0');
    let profit = money('0');
    for (const f of follows) {
      equity = equity.plus(money(f.equity));
      profit = profit.plus(money(f.profit));
    }
    return { equity: toCents(equity), profit: toCents(profit) };
  } catch {
    return null;
  }
}

/**
 * `/rank?tab=copy`, the copy-trading tab (spec §2 tab bar; DESIGN §9): needs a session (a visitor
 * is asked to log in) and a real account (a demo account gets the real-account notice).
 */
export function CopyTabScreen() {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  return (
    <div className="page">
      <PageHeader noBack title={t('screens.copyTrading')} />
      <main className={styles.body}>
        {!token ? (
          <LoginPrompt text={t('copy.mine.loginPrompt')} />
        ) : (
          <RealAccountGate>
            <MyFollows />
          </RealAccountGate>
        )}
      </main>
    </div>
  );
}

/** The traders I copy: one card per follow, live from COPY_TRADE, with their controls. */
function MyFollows() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const follows = useMyFollows();
  const update = useUpdateFollow();
  const stop = useStopFollow();
  const [editing, setEditing] = useState<FollowView | null>(null);
  const [funding, setFunding] = useState<FollowView | null>(null);
  useCopyPushes(true);

  const list = follows.data ?? [];
  const live = list.filter((f) => f.status !== FOLLOW_STATUS.STOPPED);
  const totals = totalsOf(live);

  // Opened from a provider's page (Manage): that follow's card is brought into view once.
  const focusId = Number(params.get('follow')) || 0;
  const focused = useRef(false);
  useEffect(() => {
    if (!focusId || focused.current || !follows.data) return;
    focused.current = true;
    document
      .querySelector<HTMLElement>(`[data-testid="follow-card"][data-id="${focusId}"]`)
      ?.scrollIntoView({ block: 'start' });
  }, [focusId, follows.data]);

  const onPauseResume = useSingleFlight(async (follow: FollowView) => {
    const resume = follow.status === FOLLOW_STATUS.PAUSED;
    try {
      // With the follow's settings as they are: the server reads a setting left out as 0 (its
      // contract defaults each optional decimal), which would refuse the multiplier.
      await update.mutateAsync({
        id: follow.id,
        status: resume ? FOLLOW_STATUS.ACTIVE : FOLLOW_STATUS.PAUSED,
        ...settingsOf(follow),
      });
    } catch {
      return; // refused: the server's message was shown
    }
    toast(t(resume ? 'copy.mine.resumed' : 'copy.mine.paused'));
  });

  const onStop = useSingleFlight(async (follow: FollowView) => {
    const ok = await openConfirm({
      title: t('copy.mine.stopTitle', { name: follow.provider }),
      content: t('copy.mine.stopConfirm'),
      confirmText: t('copy.mine.stopAction'),
      cancelText: t('common.cancel'),
    }).result;
    if (!ok) return;
    try {
      await stop.mutateAsync({ id: follow.id, idempotencyKey: newIdempotencyKey() });
    } catch {
      return; // refused (a copy's market closed): the server's message was shown
    }
    toast(t('copy.mine.stopped'));
  });

  const actions: FollowActions = {
    onPauseResume: (f) => void onPauseResume(f),
    onEdit: setEditing,
    onFunds: setFunding,
    onStop: (f) => void onStop(f),
  };

  return (
    <>
      <PullToRefresh
        onRefresh={async () => {
          void queryClient.invalidateQueries({ queryKey: copyKeys.mine });
          await new Promise((r) => setTimeout(r, REFRESH_SPINNER_MS));
        }}
        pullingText={t('orders.pullToRefresh')}
        canReleaseText={t('orders.releaseToRefresh')}
        refreshingText={t('app.loading')}
        completeText={t('orders.refreshed')}
      >
        <div className={styles.pullArea}>
          {follows.isPending ? (
            <p className={styles.note} role="status">
              {t('app.loading')}
            </p>
          ) : follows.isError && list.length === 0 ? (
            <ListState
              title={t('copy.mine.failed')}
              onRetry={() => void follows.refetch()}
              retrying={follows.isRefetching}
              testId="copy-error"
            />
          ) : list.length === 0 ? (
            <ListState
              title={t('copy.mine.empty')}
              hint={t('copy.mine.emptyHint')}
              action={
                <Link to="/rank" className={styles.linkButton} data-testid="copy-browse">
                  {t('copy.mine.browse')}
                </Link>
              }
              testId="copy-empty"
            />
          ) : (
            <>
              {live.length > 0 && totals && (
                <section className={styles.summary} aria-label={t('copy.mine.summaryLabel')}>
                  <dl className={styles.summaryGrid}>
                    <div>
                      <dt>{t('copy.mine.totalEquity')}</dt>
                      <dd className="num" data-testid="copy-total-equity">
                        {usdText(totals.equity)}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('copy.mine.totalProfit')}</dt>
                      <dd className={`num ${styles[signOf(totals.profit)]}`}>{profitText(totals.profit)}</dd>
                    </div>
                    <div>
                      <dt>{t('copy.mine.activeCount')}</dt>
                      <dd className="num">{live.length}</dd>
                    </div>
                  </dl>
                </section>
              )}
              <ul className={`${styles.list} ${styles.cards}`} aria-label={t('copy.mine.listLabel')}>
                {list.map((f) => (
                  <li key={f.id}>
                    <FollowCard follow={f} actions={actions} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </PullToRefresh>
      <EditFollowForm follow={editing} onClose={() => setEditing(null)} />
      <FundsForm follow={funding} onClose={() => setFunding(null)} />
    </>
  );
}
