import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ListEnd } from '../../../components/list-end';
import { PageHeader } from '../../../components/page-header';
import { firstNewsPageOnly, type NewsPages, useNewsList } from '../api/get-news-list';
import { newsKeys } from '../api/keys';
import styles from './news.module.css';
import { NewsRow } from './news-row';
import { NewsListSkeleton } from './news-skeleton';

/** Spec §4, §9: the pull-to-refresh spinner closes after 500 ms. */
export const REFRESH_SPINNER_MS = 500;

/** `/news` (spec §2, with footer): published articles, newest first, infinite, pull to refresh. */
export function NewsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const news = useNewsList();
  const rows = news.data?.pages.flatMap((p) => p.data) ?? [];

  /** Spec §4 Lists: a refresh starts again from page 1. */
  const reload = () => {
    queryClient.setQueryData<NewsPages>(newsKeys.list, firstNewsPageOnly);
    return queryClient.invalidateQueries({ queryKey: newsKeys.list });
  };

  return (
    <div className="page">
      <PageHeader title={t('screens.news')} />
      <main className={`${styles.body} ${styles.pull}`}>
        <PullToRefresh
          onRefresh={async () => {
            void reload();
            await new Promise((r) => setTimeout(r, REFRESH_SPINNER_MS));
          }}
          pullingText={t('orders.pullToRefresh')}
          canReleaseText={t('orders.releaseToRefresh')}
          refreshingText={t('app.loading')}
          completeText={t('orders.refreshed')}
        >
          {news.isPending ? (
            <NewsListSkeleton />
          ) : (
            <>
              {rows.length > 0 && (
                <ul className={styles.list} aria-label={t('news.listLabel')}>
                  {rows.map((item) => (
                    <li key={item.id}>
                      <NewsRow item={item} />
                    </li>
                  ))}
                </ul>
              )}
              <ListEnd count={rows.length} query={news} />
            </>
          )}
        </PullToRefresh>
      </main>
    </div>
  );
}
