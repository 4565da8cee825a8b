import type { NewsItem } from '@meridian/contracts';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { NEWS_CATEGORY_ID, newsCalls } from './calls';
import { newsKeys } from './keys';

/** One page of GET /api/news/list: its articles and how many there are in all. */
export interface NewsPage {
  data: NewsItem[];
  total: number;
}
export type NewsPages = InfiniteData<NewsPage, number>;

/** Spec §4 Lists: pages count from 1; the list is finished when the loaded count reaches total. */
export function nextNewsPage(pages: readonly NewsPage[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  const last = pages.at(-1);
  return !last || loaded >= last.total || last.data.length === 0 ? undefined : pages.length + 1;
}

/** Keeps only the first page (a refresh starts again from page 1), before refetching it. */
export const firstNewsPageOnly = (data: NewsPages | undefined): NewsPages | undefined =>
  data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data;

/** Published news, newest first, loaded a page at a time as the list scrolls. */
export function useNewsList() {
  return useInfiniteQuery({
    queryKey: newsKeys.list,
    queryFn: ({ pageParam, signal }) =>
      call(newsCalls.list, { category_id: NEWS_CATEGORY_ID, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextNewsPage(pages),
  });
}
