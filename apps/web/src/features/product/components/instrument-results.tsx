import type { Instrument } from '@meridian/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TOPIC_DAY_MARKET } from '../../../lib/calls';
import { formatChange, formatPrice, trendOf } from '../../../lib/format';
import { useTopic } from '../../../lib/realtime';
import { useQuoteValue } from '../../../stores/quotes';
import { useInstrumentList } from '../api/get-instruments';
import { CompanyLogo } from './company-logo';
import { ListFailed, ListSkeleton } from './list-states';
import styles from './product.module.css';

const letters = (text: string) => text.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Instruments whose code or name (display code, base or quote currency) contains the text. */
export function searchInstruments(list: readonly Instrument[], text: string): Instrument[] {
  const q = letters(text.trim());
  if (!q) return [...list];
  return list.filter((i) =>
    [i.Code, i.ShowCode, `${i.BaseCurrency}${i.QuoteCurrency}`].some((name) => letters(name).includes(q)),
  );
}

function InstrumentRow({ item }: { item: Instrument }) {
  const close = useQuoteValue(item.Id, (q) => q?.Close ?? item.ForexQuotations.Close);
  const change = useQuoteValue(item.Id, (q) => q?.Change ?? item.ForexQuotations.Change);
  return (
    <Link to={`/trade?id=${item.Id}`} className={styles.row} data-testid="instrument-row">
      <CompanyLogo src={item.Logo} name={item.ShowCode || item.Code} />
      <span className={styles.names}>
        <span className={styles.name}>{item.ShowCode}</span>
        <span className={styles.sub}>{item.Code}</span>
      </span>
      <span className={styles.quote}>
        <span className={`${styles.price} num`}>{formatPrice(close, item.PricePrecision)}</span>
        <span className={`${styles.change} num ${styles[trendOf(change)]}`}>{formatChange(change)}</span>
      </span>
    </Link>
  );
}

/** Instrument mode (spec §2): the instruments matching the text; a tap opens /trade on it. */
export function InstrumentResults({ text }: { text: string }) {
  const { t } = useTranslation();
  const instruments = useInstrumentList();
  useTopic(TOPIC_DAY_MARKET);
  const rows = useMemo(() => searchInstruments(instruments.data ?? [], text), [instruments.data, text]);
  if (instruments.isPending) return <ListSkeleton />;
  if (instruments.isError && !instruments.data) {
    return <ListFailed onRetry={() => void instruments.refetch()} busy={instruments.isFetching} />;
  }
  if (rows.length === 0) {
    return (
      <p className={styles.note} data-testid="instrument-empty">
        {t(text.trim() ? 'product.noInstrumentMatch' : 'common.noData')}
      </p>
    );
  }
  return (
    <ul className={styles.list} aria-label={t('product.instruments')} data-testid="instrument-list">
      {rows.map((item) => (
        <li key={item.Id}>
          <InstrumentRow item={item} />
        </li>
      ))}
    </ul>
  );
}
