import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { walletCalls } from './calls';
import { walletKeys } from './keys';
import { nextPageOf } from './paging';

/** GET /v1/api/main/accountLog/forexChange (page): every balance movement, newest first. */
export function useAccountLog() {
  return useInfiniteQuery({
    queryKey: walletKeys.accountLog,
    queryFn: ({ pageParam, signal }) => call(walletCalls.accountLog, { page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageOf(pages),
    staleTime: 0,
  });
}
