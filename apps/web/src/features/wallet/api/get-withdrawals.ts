import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { walletCalls } from './calls';
import { type MethodType, walletKeys } from './keys';
import { nextPageOf } from './paging';

/** GET /api/account/draw_list (type = tab + 1, page): the user's withdrawals, newest first. */
export function useWithdrawals(type: MethodType) {
  return useInfiniteQuery({
    queryKey: walletKeys.withdrawals(type),
    queryFn: ({ pageParam, signal }) => call(walletCalls.drawList, { type, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageOf(pages),
    staleTime: 0,
  });
}
