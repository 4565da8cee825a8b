import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { walletCalls } from './calls';
import { type DepositType, walletKeys } from './keys';
import { nextPageOf } from './paging';

/** GET /api/quickCharge/quick_ist (type, page): the user's deposits of a tab, newest first. */
export function useDepositRecords(type: DepositType) {
  return useInfiniteQuery({
    queryKey: walletKeys.deposits(type),
    queryFn: ({ pageParam, signal }) =>
      call(walletCalls.depositRecords, { type, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageOf(pages),
    staleTime: 0,
  });
}
