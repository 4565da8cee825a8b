import type { RankItem } from '@meridian/contracts';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { copyCalls, type RankSort } from './calls';
import { copyKeys } from './keys';

/** One page of GET /api/follow/list: its providers and how many are ranked in all. */
export interface RankPage {
  data: RankItem[];
  total: number;
}
export type RankPages = InfiniteData<RankPage, number>;

/** Spec §4 Lists: pages count from 1; the list is finished when the loaded count reaches total. */
export function nextRankPage(pages: readonly RankPage[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  const last = pages.at(-1);
  return !last || loaded >= last.total || last.data.length === 0 ? undefined : pages.length + 1;
}

/** Keeps only the first page (a refresh starts again from page 1), before refetching it. */
export const firstRankPageOnly = (data: RankPages | undefined): RankPages | undefined =>
  data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data;

/** The ranking of approved providers in one sort, a page at a time as the list scrolls. */
export function useRanking(sort: RankSort) {
  return useInfiniteQuery({
    queryKey: copyKeys.ranking(sort),
    queryFn: ({ pageParam, signal }) =>
      call(copyCalls.list, { page: pageParam, sort }, { signal, showErrorMessage: false }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextRankPage(pages),
  });
}
