import type { Instrument } from '@meridian/contracts';
import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { assetUrl } from '../../../lib/api-host';
import { formatChange, formatPrice, trendOf } from '../../../lib/format';
import { useQuotes } from '../../../stores/quotes';
import { useSparkline } from '../api/get-sparkline';
import { useInView } from '../hooks/use-in-view';
import styles from './home.module.css';
import { Sparkline } from './sparkline';

/** Logo with a lettered-circle fallback when the image is missing or fails to load. */
function InstrumentLogo({ src, code }: { src: string; code: string }) {
  const [failed, setFailed] = useState(!src);
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
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

// Primitive selectors: a component re-renders only when its own value changes.
const useLiveClose = (item: Instrument) =>
  useQuotes((s) => s.byId[item.Id]?.Close) ?? item.ForexQuotations.Close;
const useLiveChange = (item: Instrument) =>
  useQuotes((s) => s.byId[item.Id]?.Change) ?? item.ForexQuotations.Change;
const useMarketOpen = (item: Instrument) =>
  (useQuotes((s) => s.byId[item.Id]?.MarketStatus) ?? item.MarketStatus) === 1;

/** Price (coloured by its last move, flashing on change) and percent change: the only live cells. */
function LivePrice({ item }: { item: Instrument }) {
  const close = useLiveClose(item);
  const change = useLiveChange(item);
  const last = useRef({ price: close, dir: '', n: 0 });
  if (close !== last.current.price) {
    last.current = { price: close, dir: close > last.current.price ? 'up' : 'down', n: last.current.n + 1 };
  }
  const move =
    last.current.dir === 'up' ? styles.priceUp : last.current.dir === 'down' ? styles.priceDown : '';
  const flash = last.current.n > 0 ? styles.flash : '';
  return (
    <span className={styles.quote}>
      <span key={last.current.n} className={`${styles.price} num ${move} ${flash}`} data-testid="quote-price">
        {formatPrice(close, item.PricePrecision)}
      </span>
      <span className={`${styles.change} num ${styles[trendOf(change)]}`}>{formatChange(change)}</span>
    </span>
  );
}

/** The 15-minute sparkline (fetched once the row is near the viewport) or the market-closed label. */
function RowChart({ item, visible }: { item: Instrument; visible: boolean }) {
  const { t } = useTranslation();
  const open = useMarketOpen(item);
  const trend = useQuotes((s) => trendOf(s.byId[item.Id]?.Change ?? item.ForexQuotations.Change));
  const sparkline = useSparkline(item.Id, visible && open);
  // The closes as served (the query refreshes them every minute): no re-render per tick.
  const points = sparkline.data;
  if (!open) return <span className={styles.closed}>{t('home.marketClosed')}</span>;
  if (!points || points.length < 2) return <span className={styles.chartPlaceholder} />;
  return <Sparkline values={points} trend={trend} label={t('home.chartLabel', { code: item.ShowCode })} />;
}

/** One instrument row; a tick re-renders only its LivePrice (and RowChart when the status flips). */
export const QuoteRow = memo(function QuoteRow({ item }: { item: Instrument }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const visible = useInView(ref);
  return (
    <Link ref={ref} to={`/trade?id=${item.Id}`} className={styles.row} data-testid="quote-row">
      <InstrumentLogo src={item.Logo} code={item.ShowCode || item.Code} />
      <span className={styles.names}>
        <span className={styles.code}>{item.ShowCode}</span>
        <span className={styles.sub}>{item.Code}</span>
      </span>
      <span className={styles.chart}>
        <RowChart item={item} visible={visible} />
      </span>
      <LivePrice item={item} />
    </Link>
  );
});
