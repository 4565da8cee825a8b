import type { Order } from '@meridian/contracts';
import type { ORDER_STATUS } from '@meridian/contracts/statuses';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { call } from '../../../lib/request';

/** Order list filters of spec §4: 1 holding, 0 pending, 3 history (closed and cancelled). */
export type OrderStatusFilter =
  | typeof ORDER_STATUS.PENDING
  | typeof ORDER_STATUS.HOLDING
  | typeof ORDER_STATUS.CLOSED;

export interface OrderPage {
  data: Order[];
  total: number;
  all_fact_profits: string;
  balance: string;
}

/** Which page to ask: its number (spec §4) and the last order already shown (`after_id`). */
export interface OrderPageParam {
  page: number;
  afterId?: number;
}

export type OrderPages = InfiniteData<OrderPage, OrderPageParam>;

/** GET /v1/api/forex/my_deal (status, page), 20 a page, newest first. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (status: OrderStatusFilter) => ['orders', 'list', status] as const,
  summary: ['orders', 'summary'] as const,
};

/** Spec §4 Lists: the page counter starts at 1; finished when the loaded count is at least total. */
export function nextPageOf(pages: readonly OrderPage[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  const total = pages.at(-1)?.total ?? 0;
  return loaded >= total || pages.at(-1)?.data.length === 0 ? undefined : pages.length + 1;
}

/**
 * The next page's parameter: anchored on the last order shown, so orders placed or ended while the
 * list is read neither repeat rows on the next page nor hide some (page numbers shift with them).
 */
export function nextPageParamOf(pages: readonly OrderPage[]): OrderPageParam | undefined {
  const page = nextPageOf(pages);
  if (page === undefined) return undefined;
  const afterId = pages.flatMap((p) => p.data).at(-1)?.Id;
  return afterId === undefined ? { page } : { page, afterId };
}

export function useOrders(status: OrderStatusFilter) {
  return useInfiniteQuery({
    queryKey: orderKeys.list(status),
    queryFn: ({ pageParam, signal }) =>
      call(
        calls.myDeal,
        { status, page: pageParam.page, ...(pageParam.afterId ? { after_id: pageParam.afterId } : {}) },
        { signal },
      ),
    initialPageParam: { page: 1 } as OrderPageParam,
    getNextPageParam: (_last, pages) => nextPageParamOf(pages),
    staleTime: 0,
  });
}
