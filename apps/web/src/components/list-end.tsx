import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './list-end.module.css';

/** What ListEnd reads of an infinite query (TanStack Query's `useInfiniteQuery` result). */
export interface PagedQuery {
  hasNextPage: boolean;
  isError: boolean;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  isRefetching: boolean;
  fetchNextPage(): Promise<unknown>;
  refetch(): Promise<unknown>;
}

/**
 * The end of an infinite list (orders, wallet history, deposit and withdrawal records): loading,
 * 'No more', 'No data yet', or 'Failed to load' with a Retry button (a failed page stops the
 * list's loading on scroll; without the button the rest of the list was out of reach).
 */
export function ListEnd({ count, query }: { count: number; query: PagedQuery }) {
  const { t } = useTranslation();
  const retry = () => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch());
  // A background refetch of a list that loaded says nothing new (no 'Loading…' flicker); a retry
  // after a failure does.
  const busy = query.isFetchingNextPage || (query.isError && query.isRefetching);
  return (
    <InfiniteScroll
      hasMore={query.hasNextPage && !query.isError}
      loadMore={async () => {
        await query.fetchNextPage();
      }}
    >
      <div className={styles.end}>
        <p className={styles.note} data-testid="list-end" aria-live="polite">
          {busy
            ? t('app.loading')
            : query.isError
              ? t('common.loadFailed')
              : query.hasNextPage
                ? ''
                : count === 0
                  ? t('common.noData')
                  : t('common.noMore')}
        </p>
        {query.isError && !busy && (
          <button type="button" className={styles.retry} onClick={retry} data-testid="list-retry">
            {t('common.retry')}
          </button>
        )}
      </div>
    </InfiniteScroll>
  );
}
