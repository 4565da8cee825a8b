import type { CandlePeriodName } from '@meridian/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChevronDownIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { TOPIC_DAY_MARKET } from '../../../lib/calls';
import { formatChange, formatPrice, trendOf } from '../../../lib/format';
import { useQuotesLive, useTopic } from '../../../lib/realtime';
import { useQuoteValue } from '../../../stores/quotes';
import { useInstrumentCategories, useInstruments } from '../api/get-instruments';
import { useKline } from '../api/get-kline';
import { useKlineAgainOnFirstOpen, useLiveCandles } from '../hooks/use-live-candle';
import { lastInstrumentId, rememberInstrument } from '../last-instrument';
import { DEFAULT_PERIOD, PERIODS } from '../periods';
import { InstrumentDrawer } from './instrument-drawer';
import { OrderForm } from './order-form';
import styles from './trade.module.css';

const CandleChart = lazy(() => import('./candle-chart'));

/** Locale of the chart's date labels: the document's (set with the language), else British English. */
const chartLocale = (_language: string) =>
  (typeof document !== 'undefined' && document.documentElement.lang) || 'en-GB';

/** `/trade` (spec §2): instrument from `?id=` (default the first), live bid/ask, candles, order form. */
export function TradeScreen() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [drawer, setDrawer] = useState(false);
  const [period, setPeriod] = useState<CandlePeriodName>(DEFAULT_PERIOD);
  useTopic(TOPIC_DAY_MARKET);

  const list = useInstruments();
  const categories = useInstrumentCategories();
  const instruments = list.data ?? [];
  // `?id=`, else the instrument shown last (the Trade tab links to a plain /trade), else the first.
  // A ref, kept by the effect below: the tab also leads to /trade while this screen stays mounted.
  const last = useRef(0);
  if (last.current === 0) last.current = lastInstrumentId();
  const wanted = Number(params.get('id')) || last.current;
  const instrument = instruments.find((i) => i.Id === wanted) ?? instruments[0];
  const id = instrument?.Id ?? 0;
  useEffect(() => {
    if (id <= 0) return;
    last.current = id;
    rememberInstrument(id);
  }, [id]);

  const bid = useQuoteValue(id, (q) => q?.Bid ?? instrument?.ForexQuotations.Bid ?? 0);
  const ask = useQuoteValue(id, (q) => q?.Ask ?? instrument?.ForexQuotations.Ask ?? 0);
  const change = useQuoteValue(id, (q) => q?.Change ?? instrument?.ForexQuotations.Change ?? 0);
  const marketOpen = useQuoteValue(id, (q) => (q?.MarketStatus ?? instrument?.MarketStatus) === 1);
  // Subscribed before the history is asked for (effects run in this order): see LiveCandles.
  const liveCandles = useLiveCandles(instrument?.Code, period);
  const kline = useKline(instrument?.Id, period);
  // The socket still connecting at the first load: the history is asked again once it opens.
  useKlineAgainOnFirstOpen(instrument?.Id);
  // Through a socket gap the figures are the last received, not the market's: shown as such.
  const live = useQuotesLive();
  const valueClass = (trend: 'up' | 'down') =>
    `${styles.quoteValue} ${styles[trend]} ${live ? '' : 'not-live'} num`;

  const pick = (next: number) => setParams({ id: String(next) }, { replace: true });

  const title = (
    <button
      type="button"
      className={styles.titleButton}
      onClick={() => setDrawer(true)}
      aria-haspopup="dialog"
      data-testid="instrument-switch"
    >
      <span>{instrument?.ShowCode ?? t('screens.trade')}</span>
      <ChevronDownIcon size={18} />
    </button>
  );

  return (
    <div className="page">
      <PageHeader noBack title={title} />
      {!instrument ? (
        <main className={styles.body}>
          {list.isError ? (
            <div className={styles.empty}>
              <p>{t('home.loadFailed')}</p>
              <button type="button" className={styles.retry} onClick={() => void list.refetch()}>
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <p className={styles.empty}>{list.isPending ? t('app.loading') : t('common.noData')}</p>
          )}
        </main>
      ) : (
        <main className={styles.body}>
          <section className={styles.quote} aria-label={t('trade.quoteLabel')}>
            <div className={styles.quoteSide}>
              <span className={styles.quoteLabel}>{t('trade.bid')}</span>
              <span className={valueClass('down')} data-testid="bid" data-live={live}>
                {formatPrice(bid, instrument.PricePrecision)}
              </span>
            </div>
            <div className={styles.quoteMid}>
              {/* A closed market explains the disabled buttons, so it wins over the gap (the
                  prices are dimmed either way; the root layout announces the gap). */}
              {!marketOpen ? (
                <span className={styles.closedBadge} data-testid="market-closed">
                  {t('trade.marketClosed')}
                </span>
              ) : !live ? (
                <span className={styles.closedBadge} data-testid="quotes-reconnecting">
                  {t('trade.reconnecting')}
                </span>
              ) : (
                <span className={`${styles[trendOf(change)]} num`}>{formatChange(change)}</span>
              )}
            </div>
            <div className={`${styles.quoteSide} ${styles.quoteEnd}`}>
              <span className={styles.quoteLabel}>{t('trade.ask')}</span>
              <span className={valueClass('up')} data-testid="ask" data-live={live}>
                {formatPrice(ask, instrument.PricePrecision)}
              </span>
            </div>
          </section>

          <div className={styles.periods} role="tablist" aria-label={t('trade.periods')}>
            {PERIODS.map((p) => (
              <button
                key={p.value}
                type="button"
                role="tab"
                aria-selected={period === p.value}
                className={period === p.value ? `${styles.period} ${styles.periodActive}` : styles.period}
                onClick={() => setPeriod(p.value)}
                data-testid={`period-${p.value}`}
              >
                {p.label}
              </button>
            ))}
          </div>

          <div className={styles.chartBox}>
            {/* A failed refresh keeps the chart it has; only a chart that could not load says so. */}
            {kline.isError && !kline.data ? (
              <div className={styles.chartNote} data-testid="chart-failed">
                <p>{t('trade.chartFailed')}</p>
                <button
                  type="button"
                  className={styles.retry}
                  onClick={() => void kline.refetch()}
                  disabled={kline.isFetching}
                  data-testid="chart-retry"
                >
                  {t('common.retry')}
                </button>
              </div>
            ) : kline.data ? (
              <Suspense fallback={<div className={styles.chart} />}>
                <CandleChart
                  live={liveCandles}
                  history={kline.data}
                  precision={instrument.PricePrecision}
                  locale={chartLocale(i18n.language)}
                  label={t('trade.chartLabel', { code: instrument.ShowCode })}
                />
              </Suspense>
            ) : (
              <div className={styles.chart} />
            )}
          </div>

          <OrderForm
            key={instrument.Id}
            instrument={instrument}
            instruments={instruments}
            prices={{ bid, ask }}
            marketOpen={marketOpen}
          />
        </main>
      )}
      <InstrumentDrawer
        open={drawer}
        onClose={() => setDrawer(false)}
        instruments={instruments}
        categories={categories.data ?? []}
        currentId={instrument?.Id}
        onPick={pick}
      />
    </div>
  );
}
