import { useTranslation } from 'react-i18next';
import { groupDecimal } from '../../../lib/format';
import { useQuotesLive } from '../../../lib/realtime';
import { useAccountSummary } from '../api/get-account-summary';
import { percentText, profitText, signOf, usdText } from '../format';
import { useLiveOrders } from '../live';
import styles from './orders.module.css';

/** Summary card (spec §2 Orders, DESIGN §3): current margin (6 decimals), net value, risk rate, prepayment ratio. */
export function SummaryCard() {
  const { t } = useTranslation();
  const summary = useAccountSummary();
  const live = useLiveOrders((s) => s.account);
  // Through a socket gap the pushed figures stop: shown as the last received, not the account's now.
  const connected = useQuotesLive();
  const base = summary.data;
  const margin = live?.CautionMoneyAll ?? base?.CautionMoneyAll ?? '';
  const netValue = live?.NetValue ?? base?.NetValue ?? '';
  const profit = live?.ProfitsTotal ?? base?.ProfitsTotal ?? '';
  const risk = live ? live.HazardRate : (base?.HazardRate ?? '');
  // The server's ratio of the exact figures: the pushed net value is rounded to cents.
  const prepayment = live?.PrepaymentRatio ?? base?.PrepaymentRatio ?? '';
  const balance = live?.Balance ?? base?.balance ?? '';
  const status = live?.RiskStatus ?? base?.RiskStatus;
  const warning =
    status === 'margin_call'
      ? 'orders.marginCallWarning'
      : status === 'stop_out'
        ? 'orders.stopOutWarning'
        : null;

  return (
    <section
      className={styles.summary}
      aria-label={t('orders.summaryLabel')}
      data-testid="summary"
      data-live={connected}
    >
      {connected ? null : <p className={styles.reconnecting}>{t('trade.reconnecting')}</p>}
      <div className={connected ? styles.summaryMain : `${styles.summaryMain} not-live`}>
        <span className={styles.summaryLabel}>{t('orders.netValue')}</span>
        <span className={`${styles.summaryBig} num`} data-testid="net-value">
          {netValue ? usdText(netValue) : '--'}
        </span>
        {/* A sentence in the page's direction, its amount isolated (FSI…PDI) so a minus stays on it:
            as one left-to-right block the Arabic line read '-1.50 <label>' from the wrong side. */}
        <span className={`${styles.summaryProfit} ${styles[signOf(profit)]}`}>
          {t('orders.floatingProfit', { amount: `\u2068${profit ? profitText(profit) : '--'}\u2069` })}
        </span>
      </div>
      <dl className={connected ? styles.summaryGrid : `${styles.summaryGrid} not-live`}>
        <div>
          <dt>{t('orders.currentMargin')}</dt>
          <dd className="num" data-testid="current-margin">
            {margin ? groupDecimal(margin) : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('orders.riskRate')}</dt>
          <dd className="num" data-testid="risk-rate">
            {percentText(risk)}
          </dd>
        </div>
        <div>
          <dt>{t('orders.prepaymentRatio')}</dt>
          <dd className="num" data-testid="prepayment-ratio">
            {percentText(prepayment)}
          </dd>
        </div>
        <div>
          <dt>{t('orders.balance')}</dt>
          <dd className="num" data-testid="balance">
            {balance ? usdText(balance) : '--'}
          </dd>
        </div>
      </dl>
      {warning && (
        <p className={styles.riskWarning} role="alert" data-testid="risk-warning">
          {t(warning)}
        </p>
      )}
    </section>
  );
}
