import type { Instrument } from '@meridian/contracts';
import type { TFunction } from 'i18next';
import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { assetUrl } from '../../../lib/api-host';
import { formatChange, formatPrice, trendOf } from '../../../lib/format';
import { queueIdle } from '../../../lib/idle';
import { useQuotesLive } from '../../../lib/realtime';
import { useQuoteValue } from '../../../stores/quotes';
import { useSparkline } from '../api/get-sparkline';
import { useInView } from '../hooks/use-in-view';
import styles from './home.module.css';
import { Sparkline } from './sparkline';

/**
 * Logo with a lettered-circle fallback when the image is missing or fails to load. Requested only
 * once the row comes near the viewport (each SVG logo is a small document the browser parses on
 * the main thread; the browser's own lazy loading would fetch the whole list's at once).
 */
function InstrumentLogo({ src, code, seen }: { src: string; code: string; seen: boolean }) {
  const [failed, setFailed] = useState(!src);
  if (!seen) return <span className={styles.logo} aria-hidden="true" />;
  if (failed) {
    return (
      <span className={styles.logoFallback} aria-hidden="true">
        {code.replace(/[^A-Za-z0-9]/g, '').slice(0, 1) || '?'}
      </span>
    );
  }
  return (
    <img
      className={styles.logo}
      src={assetUrl(src)}
      alt=""
      width={36}
      height={36}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

// Primitive selectors of the row's own instrument: a component re-renders only when its own value
// changes, and only while its row is near the viewport (`live`).
const useLiveClose = (item: Instrument, live: boolean) =>
  useQuoteValue(item.Id, (q) => q?.Close ?? item.ForexQuotations.Close, live);
const useLiveChange = (item: Instrument, live: boolean) =>
  useQuoteValue(item.Id, (q) => q?.Change ?? item.ForexQuotations.Change, live);
const useMarketOpen = (item: Instrument, live: boolean) =>
  useQuoteValue(item.Id, (q) => (q?.MarketStatus ?? item.MarketStatus) === 1, live);
const useLiveTrend = (item: Instrument, live: boolean) =>
  useQuoteValue(item.Id, (q) => trendOf(q?.Change ?? item.ForexQuotations.Change), live);

/** Price (coloured by its last move, flashing on change) and percent change: the only live cells. */
function LivePrice({ item, live }: { item: Instrument; live: boolean }) {
  const close = useLiveClose(item, live);
  const change = useLiveChange(item, live);
  const connected = useQuotesLive();
  const last = useRef({ price: close, dir: '', n: 0 });
  if (close !== last.current.price) {
    last.current = { price: close, dir: close > last.current.price ? 'up' : 'down', n: last.current.n + 1 };
  }
  const move =
    last.current.dir === 'up' ? styles.priceUp : last.current.dir === 'down' ? styles.priceDown : '';
  const flash = last.current.n > 0 ? styles.flash : '';
  return (
    <span className={connected ? styles.quote : `${styles.quote} not-live`} data-live={connected}>
      <span key={last.current.n} className={`${styles.price} num ${move} ${flash}`} data-testid="quote-price">
        {formatPrice(close, item.PricePrecision)}
      </span>
      <span className={`${styles.change} num ${styles[trendOf(change)]}`}>{formatChange(change)}</span>
    </span>
  );
}

/**
 * True once `ready` and the row's turn in the idle queue has come: the rows' sparkline requests
 * start one per idle period, not all in the task that mounts the list.
 */
function useIdleTurn(ready: boolean): boolean {
  const [turn, setTurn] = useState(false);
  useEffect(() => {
    if (ready && !turn) return queueIdle(() => setTurn(true));
  }, [ready, turn]);
  return turn;
}

/** The 15-minute sparkline (fetched once the row is near the viewport) or the market-closed label. */
function RowChart({ item, seen, live, t }: { item: Instrument; seen: boolean; live: boolean; t: TFunction }) {
  const open = useMarketOpen(item, live);
  const trend = useLiveTrend(item, live);
  const sparkline = useSparkline(item.Id, useIdleTurn(seen && open));
  // The closes as served (the query refreshes them every minute): no re-render per tick.
  const points = sparkline.data;
  if (!open) return <span className={styles.closed}>{t('home.marketClosed')}</span>;
  if (!points || points.length < 2) return <span className={styles.chartPlaceholder} />;
  return <Sparkline values={points} trend={trend} label={t('home.chartLabel', { code: item.ShowCode })} />;
}

/**
 * One instrument row; a tick re-renders only its LivePrice (and RowChart when the status flips),
 * and only while the row is near the viewport. `t` comes from the screen (one i18n subscription
 * for the list, not one per row).
 */
export const QuoteRow = memo(function QuoteRow({ item, t }: { item: Instrument; t: TFunction }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const { visible, seen } = useInView(ref);
  return (
    <Link ref={ref} to={`/trade?id=${item.Id}`} className={styles.row} data-testid="quote-row">
      <InstrumentLogo src={item.Logo} code={item.ShowCode || item.Code} seen={seen} />
      <span className={styles.names}>
        <span className={styles.code}>{item.ShowCode}</span>
        <span className={styles.sub}>{item.Code}</span>
      </span>
      <span className={styles.chart}>
        <RowChart item={item} seen={seen} live={visible} t={t} />
      </span>
      <LivePrice item={item} live={visible} />
    </Link>
  );
});
