import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NewsIcon, SearchIcon, UserIcon } from '../../../components/icons';
import { headerIconButtonClass, PageHeader } from '../../../components/page-header';
import { TOPIC_DAY_MARKET } from '../../../lib/calls';
import { whenIdle } from '../../../lib/idle';
import { useTopic } from '../../../lib/realtime';
import { useCategories } from '../api/get-categories';
import { useTradeList } from '../api/get-trade-list';
import { filterByCategory } from '../category-filter';
import { CategoryChips } from './category-chips';
import styles from './home.module.css';
import { QuoteListSkeleton } from './quote-list-skeleton';
import { QuoteRow } from './quote-row';

const FIRST_ROWS = 12;
/** Live prices start at the latest this long after the list is on screen. */
const LIVE_WITHIN_MS = 1500;

/** Once the home screen has gone live, it subscribes at once when it mounts again. */
let wentLive = false;

/**
 * True once the list is on screen and the browser has had an idle moment (≤ LIVE_WITHIN_MS): the
 * ~50 ticks a second of DAY_MARKET then never compete with the first paint of the list.
 */
function useGoLive(listShown: boolean): boolean {
  const [live, setLive] = useState(wentLive);
  useEffect(() => {
    if (live || !listShown) return;
    return whenIdle(() => {
      wentLive = true;
      setLive(true);
    }, LIVE_WITHIN_MS);
  }, [live, listShown]);
  return live;
}

/** Home `/` (spec §2): quotes list with category chips, live prices and sparklines. */
export function HomeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [category, setCategory] = useState<number | null>(null);
  const list = useTradeList();
  const categories = useCategories();
  // When the answer arrives (a synchronous store update), the rows render from a deferred copy: in
  // their own interruptible transition, not inside that update.
  const data = useDeferredValue(list.data);
  useTopic(useGoLive(Boolean(data)) ? TOPIC_DAY_MARKET : null);

  const rows = useMemo(() => filterByCategory(data ?? [], category), [data, category]);

  // The first screenful renders at once; the rest follows in an interruptible transition, so
  // mounting ~40 rows never blocks the main thread in one long task.
  const [limit, setLimit] = useState(FIRST_ROWS);
  const hasData = Boolean(data);
  useEffect(() => {
    if (hasData) startTransition(() => setLimit(Number.POSITIVE_INFINITY));
  }, [hasData]);

  return (
    <div className="page">
      <PageHeader
        noBack
        title={t('home.title')}
        left={
          <button
            type="button"
            className={headerIconButtonClass}
            aria-label={t('home.account')}
            onClick={() => navigate('/user')}
          >
            <UserIcon />
          </button>
        }
        right={
          <>
            {/* The spec's tab bar has no news tab: the quotes screen is where a visitor arrives. */}
            <button
              type="button"
              className={headerIconButtonClass}
              aria-label={t('screens.news')}
              onClick={() => navigate('/news')}
            >
              <NewsIcon />
            </button>
            <button
              type="button"
              className={headerIconButtonClass}
              aria-label={t('home.search')}
              onClick={() => navigate('/product')}
            >
              <SearchIcon />
            </button>
          </>
        }
      />
      <main>
        {categories.data && categories.data.length > 0 && (
          <CategoryChips categories={categories.data} active={category} onChange={setCategory} />
        )}
        {!data ? (
          list.isError ? (
            <div className={styles.empty}>
              <p>{t('home.loadFailed')}</p>
              <button type="button" className={styles.retry} onClick={() => void list.refetch()}>
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <QuoteListSkeleton />
          )
        ) : rows.length === 0 ? (
          <p className={styles.empty}>{t('common.noData')}</p>
        ) : (
          <ul className={styles.list} aria-label={t('home.listLabel')}>
            {rows.slice(0, limit).map((item) => (
              <li key={item.Id}>
                <QuoteRow item={item} t={t} />
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
