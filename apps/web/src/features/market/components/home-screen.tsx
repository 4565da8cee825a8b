import { startTransition, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchIcon, UserIcon } from '../../../components/icons';
import { headerIconButtonClass, PageHeader } from '../../../components/page-header';
import { TOPIC_DAY_MARKET } from '../../../lib/calls';
import { useTopic } from '../../../lib/realtime';
import { useCategories } from '../api/get-categories';
import { useTradeList } from '../api/get-trade-list';
import { filterByCategory } from '../category-filter';
import { CategoryChips } from './category-chips';
import styles from './home.module.css';
import { QuoteListSkeleton } from './quote-list-skeleton';
import { QuoteRow } from './quote-row';

const FIRST_ROWS = 12;

/** Home `/` (spec §2): quotes list with category chips, live prices and sparklines. */
export function HomeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [category, setCategory] = useState<number | null>(null);
  const list = useTradeList();
  const categories = useCategories();
  useTopic(TOPIC_DAY_MARKET);

  const rows = useMemo(() => filterByCategory(list.data ?? [], category), [list.data, category]);

  // The first screenful renders at once; the rest follows in an interruptible transition, so
  // mounting ~40 rows never blocks the main thread in one long task.
  const [limit, setLimit] = useState(FIRST_ROWS);
  const hasData = Boolean(list.data);
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
          <button
            type="button"
            className={headerIconButtonClass}
            aria-label={t('home.search')}
            onClick={() => navigate('/product')}
          >
            <SearchIcon />
          </button>
        }
      />
      <main>
        {categories.data && categories.data.length > 0 && (
          <CategoryChips categories={categories.data} active={category} onChange={setCategory} />
        )}
        {list.isPending ? (
          <QuoteListSkeleton />
        ) : list.isError && !list.data ? (
          <div className={styles.empty}>
            <p>{t('home.loadFailed')}</p>
            <button type="button" className={styles.retry} onClick={() => void list.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : rows.length === 0 ? (
          <p className={styles.empty}>{t('common.noData')}</p>
        ) : (
          <ul className={styles.list} aria-label={t('home.listLabel')}>
            {rows.slice(0, limit).map((item) => (
              <li key={item.Id}>
                <QuoteRow item={item} />
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
