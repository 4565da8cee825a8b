import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './wallet.module.css';

interface ListEndProps {
  count: number;
  hasNextPage: boolean;
  isError: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/** The end of an infinite list (as on the orders screen): loading, 'No more' or 'No data yet'. */
export function ListEnd({ count, hasNextPage, isError, isFetchingNextPage, fetchNextPage }: ListEndProps) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll
      hasMore={hasNextPage && !isError}
      loadMore={async () => {
        await fetchNextPage();
      }}
    >
      <p className={styles.note} data-testid="list-end">
        {isFetchingNextPage
          ? t('app.loading')
          : isError
            ? t('common.loadFailed')
            : hasNextPage
              ? ''
              : count === 0
                ? t('common.noData')
                : t('common.noMore')}
      </p>
    </InfiniteScroll>
  );
}
