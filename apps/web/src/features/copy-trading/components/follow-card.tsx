import type { FollowView } from '@meridian/contracts';
import { FOLLOW_STATUS } from '@meridian/contracts/statuses';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isZero, lotsText, percentText, profitText, signOf, timeText, usdText } from '../format';
import { CopyPositionRow } from './copy-position-row';
import styles from './copy-trading.module.css';
import { ProviderAvatar } from './provider-avatar';

/** Refused copies shown before 'Show all'. */
const REFUSALS_SHOWN = 3;

const REASONS = new Set(['follower', 'copy_stop_loss', 'provider_suspended']);

export interface FollowActions {
  onPauseResume: (follow: FollowView) => void;
  onEdit: (follow: FollowView) => void;
  onFunds: (follow: FollowView) => void;
  onStop: (follow: FollowView) => void;
}

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

/** A follow's state in words: 'Active', or 'Paused: copy stop loss reached'. */
function useStatusText(follow: FollowView): string {
  const { t } = useTranslation();
  const status = t(`copy.mine.status.${follow.status}`, { defaultValue: String(follow.status) });
  if (follow.status === FOLLOW_STATUS.ACTIVE || !follow.status_reason) return status;
  const reason = t(`copy.mine.reason.${REASONS.has(follow.status_reason) ? follow.status_reason : 'other'}`);
  return t('copy.mine.statusWithReason', { status, reason });
}

/**
 * One follow on the copy tab (DESIGN §9): the provider, its state, the allocation's equity, profit,
 * net funded, balance, margin and fees; its settings; its copied positions (live) and the copies
 * that could not be made, with their reasons; and its controls.
 */
export function FollowCard({ follow, actions }: { follow: FollowView; actions: FollowActions }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [allRefusals, setAllRefusals] = useState(false);
  const stopped = follow.status === FOLLOW_STATUS.STOPPED;
  const paused = follow.status === FOLLOW_STATUS.PAUSED;
  const statusText = useStatusText(follow);
  const refusals = allRefusals ? follow.refusals : follow.refusals.slice(0, REFUSALS_SHOWN);
  const settings = [
    t(follow.sizing === 2 ? 'copy.mine.sizingFixed' : 'copy.mine.sizingRatio', {
      multiplier: lotsText(follow.multiplier),
    }),
    isZero(follow.max_lots) ? '' : t('copy.mine.maxLots', { lots: lotsText(follow.max_lots) }),
    isZero(follow.stop_loss) ? '' : t('copy.mine.stopLoss', { amount: usdText(follow.stop_loss) }),
    follow.copy_open ? t('copy.mine.copiesOpen') : '',
  ].filter(Boolean);

  return (
    <article
      className={stopped ? `${styles.card} ${styles.cardStopped}` : styles.card}
      aria-labelledby={headingId}
      data-testid="follow-card"
      data-id={follow.id}
    >
      <header className={styles.profile}>
        <ProviderAvatar src={follow.avatar} name={follow.provider} size={40} />
        <div className={styles.who}>
          <h2 id={headingId} className={styles.name}>
            <Link to={`/rank?provider=${follow.provider_id}`} className={styles.nameLink}>
              {follow.provider}
            </Link>
          </h2>
          <p className={styles.meta}>
            {t('copy.mine.since', { date: timeText(follow.created_at).slice(0, 10) })}
          </p>
        </div>
        <span
          className={`${styles.status} ${stopped ? styles.statusStopped : paused ? styles.statusPaused : styles.statusActive}`}
          data-testid="follow-status"
        >
          {statusText}
        </span>
      </header>

      {/* A stopped follow's money went back to the balance: what is left to show is its result
          (what came back less what went in) and the fees it paid. */}
      {stopped ? (
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>{t('copy.mine.result')}</dt>
            <dd className={`num ${styles[signOf(follow.profit)]}`} data-testid="follow-result">
              {profitText(follow.profit)}
            </dd>
          </div>
          <Figure label={t('copy.mine.netFunded')}>{usdText(follow.net_funded)}</Figure>
          {!isZero(follow.fees_paid) && (
            <Figure label={t('copy.mine.feesPaid')}>{usdText(follow.fees_paid)}</Figure>
          )}
        </dl>
      ) : (
        <>
          <div className={styles.headline}>
            <div>
              <p className={`${styles.headlineValue} num`} data-testid="follow-equity">
                {usdText(follow.equity)}
              </p>
              <p className={styles.statLabel}>{t('copy.mine.equity')}</p>
            </div>
            <div>
              <p
                className={`${styles.headlineValue} num ${styles[signOf(follow.profit)]}`}
                data-testid="follow-profit"
              >
                {profitText(follow.profit)}
              </p>
              <p className={styles.statLabel}>{t('copy.mine.profit')}</p>
            </div>
          </div>
          <dl className={styles.figures}>
            <Figure label={t('copy.mine.netFunded')}>{usdText(follow.net_funded)}</Figure>
            <Figure label={t('copy.mine.balance')} testId="follow-balance">
              {usdText(follow.balance)}
            </Figure>
            <Figure label={t('copy.mine.margin')} testId="follow-margin">
              {usdText(follow.margin)}
            </Figure>
            <Figure label={t('copy.mine.feesPaid')}>{usdText(follow.fees_paid)}</Figure>
            {!isZero(follow.fee_percent) && (
              <Figure label={t('copy.figures.fee')}>{percentText(follow.fee_percent)}</Figure>
            )}
          </dl>
        </>
      )}
      {!stopped && (
        <p className={styles.settingsLine} data-testid="follow-settings">
          {settings.map((s, i) => (
            <span key={s}>
              {i > 0 && (
                <span className={styles.dot} aria-hidden="true">
                  ·
                </span>
              )}
              {s}
            </span>
          ))}
        </p>
      )}

      {!stopped && (
        <section className={styles.subsection}>
          <h3 className={styles.subTitle}>{t('copy.mine.positions')}</h3>
          {follow.copies.length === 0 ? (
            <p className={styles.noteSmall}>{t('copy.mine.noPositions')}</p>
          ) : (
            <ul className={styles.list}>
              {follow.copies.map((c) => (
                <CopyPositionRow key={c.id} copy={c} />
              ))}
            </ul>
          )}
        </section>
      )}

      {follow.refusals.length > 0 && (
        <section className={styles.subsection}>
          <h3 className={styles.subTitle}>{t('copy.mine.refusals')}</h3>
          <p className={styles.noteSmall}>{t('copy.mine.refusalsHint')}</p>
          <ul className={styles.list} data-testid="follow-refusals">
            {refusals.map((r) => (
              <li key={r.id} className={styles.refusal}>
                <span className={styles.tradeHead}>
                  <span className={`${styles.code} num`}>{r.code}</span>
                  <span className={`${styles.side} ${r.side === 1 ? styles.sideBuy : styles.sideSell}`}>
                    {t(r.side === 1 ? 'orders.buy' : 'orders.sell')}
                  </span>
                  <span className={`${styles.lots} num`}>{lotsText(r.lots)}</span>
                  <time className={`${styles.refusalTime} num`}>{timeText(r.created_at)}</time>
                </span>
                <span className={styles.refusalReason}>{r.reason}</span>
              </li>
            ))}
          </ul>
          {follow.refusals.length > REFUSALS_SHOWN && (
            <button
              type="button"
              className={styles.textButton}
              aria-expanded={allRefusals}
              onClick={() => setAllRefusals((v) => !v)}
            >
              {t(allRefusals ? 'copy.mine.showFewer' : 'copy.mine.showAll')}
            </button>
          )}
        </section>
      )}

      {!stopped && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.control}
            onClick={() => actions.onPauseResume(follow)}
            data-testid="follow-pause"
          >
            {t(paused ? 'copy.mine.resume' : 'copy.mine.pause')}
          </button>
          <button
            type="button"
            className={styles.control}
            onClick={() => actions.onEdit(follow)}
            data-testid="follow-edit"
          >
            {t('copy.mine.edit')}
          </button>
          <button
            type="button"
            className={styles.control}
            onClick={() => actions.onFunds(follow)}
            data-testid="follow-funds"
          >
            {t('copy.mine.funds')}
          </button>
          <button
            type="button"
            className={`${styles.control} ${styles.controlDanger}`}
            onClick={() => actions.onStop(follow)}
            data-testid="follow-stop"
          >
            {t('copy.mine.stop')}
          </button>
        </div>
      )}
    </article>
  );
}
