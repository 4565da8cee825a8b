import { Button } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { groupDecimal } from '../../../lib/format';
import { ApiError } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../stores/session';
import { useProviderDetail } from '../api/get-provider-detail';
import { isZero, lotsText, percentText, priceText, profitText, rateText, signOf, timeText } from '../format';
import styles from './copy-trading.module.css';
import { FollowForm } from './follow-form';
import { ListState } from './list-state';
import { ProviderAvatar } from './provider-avatar';
import { ReturnCurve } from './return-curve';
import { RiskBadge } from './risk-badge';

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * A provider's page, `/rank?provider=<id>` (the ranking's route: spec §2 has no other): who they
 * are, their figures, the 90-day return curve, instruments, recent closed trades, and the follow
 * button — a login for a visitor, the real-account notice for a demo account, Manage (the copy
 * tab) for a provider the trader already copies.
 */
export function ProviderScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const detail = useProviderDetail(id);
  const [following, setFollowing] = useState(false);
  const p = detail.data;

  const onFollow = () => {
    if (!token) {
      void navigate(`/login?from=${encodeURIComponent(pathname + search)}`);
      return;
    }
    if (user?.is_demo === 1) {
      toast(t('common.realAccountRequired'));
      return;
    }
    setFollowing(true);
  };

  const notFound = detail.error instanceof ApiError;
  const isSelf = p !== undefined && user?.id === p.id;

  return (
    <div className="page">
      <PageHeader title={p?.user ?? t('screens.provider')} />
      <main className={styles.body}>
        {detail.isPending ? (
          <p className={styles.note} role="status">
            {t('app.loading')}
          </p>
        ) : !p ? (
          <ListState
            title={notFound ? t('copy.provider.notFound') : t('copy.provider.failed')}
            hint={notFound ? detail.error?.message : undefined}
            onRetry={notFound ? undefined : () => void detail.refetch()}
            retrying={detail.isRefetching}
            action={
              notFound ? (
                <Link to="/rank" className={styles.linkButton}>
                  {t('copy.provider.backToRanking')}
                </Link>
              ) : undefined
            }
            testId="provider-error"
          />
        ) : (
          <>
            <section className={styles.card} aria-labelledby="provider-name">
              <div className={styles.profile}>
                <ProviderAvatar src={p.avatar} name={p.user} size={64} />
                <div className={styles.who}>
                  <h2 id="provider-name" className={styles.profileName}>
                    {p.user}
                  </h2>
                  <p className={styles.meta}>{t('copy.provider.since', { date: p.since })}</p>
                </div>
                <RiskBadge score={p.risk_score} />
              </div>
              {p.description ? <p className={styles.description}>{p.description}</p> : null}
              <div className={styles.headline}>
                <div>
                  <p className={`${styles.headlineValue} num ${styles[signOf(p.three_week_rate)]}`}>
                    {rateText(p.three_week_rate)}
                  </p>
                  <p className={styles.statLabel}>{t('copy.figures.threeWeekRate')}</p>
                </div>
                <div>
                  <p className={`${styles.headlineValue} num ${styles[signOf(p.total_rate)]}`}>
                    {rateText(p.total_rate)}
                  </p>
                  <p className={styles.statLabel}>{t('copy.figures.totalRate')}</p>
                </div>
              </div>
              <dl className={styles.figures}>
                <Figure label={t('copy.figures.winRate')}>{percentText(p.three_week_win)}</Figure>
                <Figure label={t('copy.figures.threeWeekProfit')}>
                  <span className={styles[signOf(p.three_week_profit)]}>
                    {profitText(p.three_week_profit)}
                  </span>
                </Figure>
                <Figure label={t('copy.figures.maxDrawdown')}>{percentText(p.max_drawdown)}</Figure>
                <Figure label={t('copy.figures.riskScore')}>{p.risk_score}</Figure>
                <Figure label={t('copy.figures.followers')} testId="provider-followers">
                  {groupDecimal(String(p.followers))}
                </Figure>
                <Figure label={t('copy.figures.totalTrades')}>
                  {groupDecimal(String(p.total_trade_num))}
                </Figure>
                <Figure label={t('copy.figures.fee')}>
                  {isZero(p.fee_percent) ? t('copy.figures.noFee') : percentText(p.fee_percent)}
                </Figure>
                <Figure label={t('copy.figures.openPositions')}>{p.open_positions}</Figure>
                {p.multiple > 0 && <Figure label={t('copy.figures.leverage')}>{`1:${p.multiple}`}</Figure>}
                {p.code && <Figure label={t('copy.figures.instrument')}>{p.code}</Figure>}
              </dl>
            </section>

            <section className={styles.section} aria-labelledby="provider-curve">
              <h3 id="provider-curve" className={styles.sectionTitle}>
                {t('copy.provider.curve')}
              </h3>
              <ReturnCurve points={p.curve} />
            </section>

            {p.instruments.length > 0 && (
              <section className={styles.section} aria-labelledby="provider-instruments">
                <h3 id="provider-instruments" className={styles.sectionTitle}>
                  {t('copy.provider.instruments')}
                </h3>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('copy.provider.instrument')}</th>
                      <th scope="col">{t('copy.provider.trades')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.instruments.map((i) => (
                      <tr key={i.code}>
                        <td className="num">{i.code}</td>
                        <td className="num">{groupDecimal(String(i.trades))}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )}

            <section className={styles.section} aria-labelledby="provider-trades">
              <h3 id="provider-trades" className={styles.sectionTitle}>
                {t('copy.provider.recentTrades')}
              </h3>
              {p.recent_trades.length === 0 ? (
                <p className={styles.note}>{t('copy.provider.noTrades')}</p>
              ) : (
                <ul className={styles.list} data-testid="provider-trades">
                  {p.recent_trades.map((trade) => (
                    <li key={trade.id} className={styles.tradeRow}>
                      <span className={styles.tradeHead}>
                        <span className={`${styles.code} num`}>{trade.code}</span>
                        <span
                          className={`${styles.side} ${trade.side === 1 ? styles.sideBuy : styles.sideSell}`}
                        >
                          {t(trade.side === 1 ? 'orders.buy' : 'orders.sell')}
                        </span>
                        <span className={`${styles.lots} num`}>{lotsText(trade.lots)}</span>
                        <span className={`${styles.tradeProfit} num ${styles[signOf(trade.profit)]}`}>
                          <span className="visually-hidden">{t('orders.profit')} </span>
                          {profitText(trade.profit)}
                        </span>
                      </span>
                      <span className={styles.tradeLine}>
                        <span className="num">
                          <span className="visually-hidden">{t('orders.openPrice')} </span>
                          {priceText(trade.open_price)}
                          <span className={styles.arrow} aria-hidden="true">
                            →
                          </span>
                          <span className="visually-hidden">{t('orders.closePrice')} </span>
                          {priceText(trade.close_price)}
                        </span>
                        <span className="num">{timeText(trade.closed_at)}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <div className={styles.followBar}>
              {isSelf ? (
                <p className={styles.note}>{t('copy.provider.self')}</p>
              ) : p.my_follow_id > 0 ? (
                <>
                  <p className={styles.followNote}>{t('copy.provider.following')}</p>
                  <Button
                    block
                    shape="rounded"
                    color="primary"
                    fill="outline"
                    onClick={() => void navigate(`/rank?tab=copy&follow=${p.my_follow_id}`)}
                    data-testid="provider-manage"
                  >
                    {t('copy.provider.manage')}
                  </Button>
                </>
              ) : (
                <Button
                  block
                  shape="rounded"
                  color="primary"
                  size="large"
                  onClick={onFollow}
                  data-testid="provider-follow"
                >
                  {t('copy.provider.follow')}
                </Button>
              )}
            </div>
            <FollowForm provider={p} open={following} onClose={() => setFollowing(false)} />
          </>
        )}
      </main>
    </div>
  );
}
