import type { InfiniteData } from '@tanstack/react-query';

/** The wallet lists' page shape: `{list, total}`, 20 a page (contracts: `paged`). */
export interface Page<T> {
  list: T[];
  total: number;
}

export type Pages<T> = InfiniteData<Page<T>, number>;

/** Spec §4 Lists: pages count from 1; the list is finished when the loaded count reaches total. */
export function nextPageOf<T>(pages: readonly Page<T>[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.list.length, 0);
  const last = pages.at(-1);
  return !last || loaded >= last.total || last.list.length === 0 ? undefined : pages.length + 1;
}

/** Keeps only the first page (a refresh starts again from page 1), before refetching it. */
export const firstPageOnly = <T>(data: Pages<T> | undefined): Pages<T> | undefined =>
  data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data;
