import { type StaffCallData, type StaffCallQuery, staffOutboxCall } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';

/** GET /outbox: messages sent to users (verification codes), newest first, paged. */
export type OutboxQuery = StaffCallQuery<typeof staffOutboxCall>;
export type OutboxRow = StaffCallData<typeof staffOutboxCall>['rows'][number];

export function useOutbox(query: OutboxQuery) {
  return useQuery({
    queryKey: ['outbox', query],
    queryFn: ({ signal }) => callStaff(staffOutboxCall, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
