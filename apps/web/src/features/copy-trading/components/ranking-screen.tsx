import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListEnd } from '../../../components/list-end';
import { PageHeader } from '../../../components/page-header';
import { RANK_SORTS, type RankSort, rankSortOf } from '../api/calls';
import { firstRankPageOnly, type RankPages, useRanking } from '../api/get-ranking';
import { copyKeys } from '../api/keys';
import styles from './copy-trading.module.css';
import { ListState } from './list-state';
import { RankRow } from './rank-row';
import { RankSkeleton } from './rank-skeleton';

/** Spec §4: the pull-to-refresh spinner closes after 500 ms. */
export const REFRESH_SPINNER_MS = 500;

/**
 * `/rank` (spec §2, with footer): the ranking of signal providers in the chosen sort (kept in the
 * query, `?sort=`, so Back from a provider's page finds it), infinite, pull to refresh; a row
 * opens the provider's page.
 */
export function RankingScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const sort = rankSortOf(params.get('sort'));
  const ranking = useRanking(sort);
  const rows = ranking.data?.pages.flatMap((p) => p.data) ?? [];

  const choose = (next: RankSort) => {
    if (next === sort) return;
    setParams(next === 'three_week_rate' ? {} : { sort: next }, { replace: true });
  };

  /** Spec §4 Lists: a refresh starts again from page 1. */
  const reload = () => {
    queryClient.setQueryData<RankPages>(copyKeys.ranking(sort), firstRankPageOnly);
    return queryClient.invalidateQueries({ queryKey: copyKeys.ranking(sort) });
  };

  return (
    <div className="page">
      <PageHeader noBack title={t('screens.rank')} />
      <fieldset className={styles.sorts} data-testid="rank-sorts">
        <legend className="visually-hidden">{t('copy.sortLabel')}</legend>
        {RANK_SORTS.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={s === sort}
            className={s === sort ? `${styles.sort} ${styles.sortActive}` : styles.sort}
            onClick={() => choose(s)}
            data-testid={`rank-sort-${s}`}
          >
            {t(`copy.sort.${s}`)}
          </button>
        ))}
      </fieldset>
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
          {ranking.isPending ? (
            <RankSkeleton />
          ) : rows.length === 0 && ranking.isError ? (
            <ListState
              title={t('copy.rankFailed')}
              onRetry={() => void ranking.refetch()}
              retrying={ranking.isRefetching}
              testId="rank-error"
            />
          ) : rows.length === 0 ? (
            <ListState title={t('copy.rankEmpty')} hint={t('copy.rankEmptyHint')} testId="rank-empty" />
          ) : (
            <>
              <ol className={styles.list} aria-label={t('copy.listLabel')}>
                {rows.map((item, i) => (
                  <li key={item.id}>
                    <RankRow item={item} position={i + 1} />
                  </li>
                ))}
              </ol>
              <ListEnd count={rows.length} query={ranking} />
            </>
          )}
        </PullToRefresh>
      </main>
    </div>
  );
}
