import type { RankItem } from '@meridian/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupDecimal } from '../../../lib/format';
import { isZero, percentText, profitText, rateText, signOf } from '../format';
import styles from './copy-trading.module.css';
import { ProviderAvatar } from './provider-avatar';
import { RiskBadge } from './risk-badge';

/**
 * One provider of the ranking (spec §3 ranking item): position, picture, nickname, the most traded
 * instrument, leverage and fee, risk; the three-week return (up or down), win rate and profit; then
 * followers, trades and total return. Opens the provider's page.
 */
export const RankRow = memo(function RankRow({ item, position }: { item: RankItem; position: number }) {
  const { t } = useTranslation();
  const meta = [
    item.code,
    item.multiple > 0 ? `1:${item.multiple}` : '',
    isZero(item.fee_percent)
      ? t('copy.figures.noFee')
      : t('copy.feeShort', { fee: percentText(item.fee_percent) }),
  ].filter(Boolean);
  return (
    <Link
      to={`/rank?provider=${item.id}`}
      className={styles.rankRow}
      data-testid="rank-row"
      data-id={item.id}
    >
      <span className={styles.rankHead}>
        <span className={`${styles.rankNo} num`}>
          <span aria-hidden="true">{position}</span>
          <span className="visually-hidden">{t('copy.rankNo', { n: position })}</span>
        </span>
        <ProviderAvatar src={item.avatar} name={item.user} />
        <span className={styles.who}>
          <span className={styles.name} data-testid="rank-name">
            {item.user}
          </span>
          <span className={styles.meta}>
            {meta.map((m, i) => (
              <span key={m} className={i === 0 && item.code ? 'num' : undefined}>
                {i > 0 && (
                  <span className={styles.dot} aria-hidden="true">
                    ·
                  </span>
                )}
                {m}
              </span>
            ))}
          </span>
        </span>
        <RiskBadge score={item.risk_score} />
      </span>
      <span className={styles.stats}>
        <span className={styles.stat}>
          <span
            className={`${styles.statBig} num ${styles[signOf(item.three_week_rate)]}`}
            data-testid="rank-rate"
          >
            {rateText(item.three_week_rate)}
          </span>
          <span className={styles.statLabel}>{t('copy.figures.threeWeekRate')}</span>
        </span>
        <span className={styles.stat}>
          <span className={`${styles.statValue} num`}>{percentText(item.three_week_win)}</span>
          <span className={styles.statLabel}>{t('copy.figures.winRate')}</span>
        </span>
        <span className={styles.stat}>
          <span className={`${styles.statValue} num ${styles[signOf(item.three_week_profit)]}`}>
            {profitText(item.three_week_profit)}
          </span>
          <span className={styles.statLabel}>{t('copy.figures.threeWeekProfit')}</span>
        </span>
      </span>
      <span className={styles.rankFoot}>
        <span>
          {t('copy.figures.followers')} <b className="num">{groupDecimal(String(item.followers))}</b>
        </span>
        <span>
          {t('copy.figures.totalTrades')} <b className="num">{groupDecimal(String(item.total_trade_num))}</b>
        </span>
        <span>
          {t('copy.figures.totalRate')}{' '}
          <b className={`num ${styles[signOf(item.total_rate)]}`}>{rateText(item.total_rate)}</b>
        </span>
      </span>
    </Link>
  );
});
