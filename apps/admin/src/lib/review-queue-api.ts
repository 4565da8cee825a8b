import type { StaffCallBody, StaffCallContract, StaffCallQuery } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff, sendStaff } from './staff-client';

/**
 * The calls of a review queue (deposits, withdrawals): its list (one status, a user, paged) and the
 * review of one record with an action and a reason (`reviewCall`, whose access says who may). `kind`
 * heads the queue's cache keys.
 */
export function reviewQueueApi<K extends string, L extends StaffCallContract, R extends StaffCallContract>(
  kind: K,
  listCall: L,
  reviewCall: R,
) {
  const keys = {
    all: [kind] as const,
    list: (query: StaffCallQuery<L>) => [kind, 'list', query] as const,
  };
  const useList = (query: StaffCallQuery<L>) =>
    useQuery({
      queryKey: keys.list(query),
      queryFn: ({ signal }) => callStaff(listCall, { query, signal }),
      placeholderData: keepPreviousData,
    });
  const review = (id: number, body: StaffCallBody<R>) => sendStaff(reviewCall, { params: { id }, body });
  return { kind, keys, useList, review, reviewCall };
}
