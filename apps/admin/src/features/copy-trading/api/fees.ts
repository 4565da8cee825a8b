import { type StaffCallData, type StaffCallQuery, staffCopyFeesCall } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';
import { copyKeys } from './keys';

/** GET /copy/fees: performance fees paid to providers (their ledger entries), newest first. */
export type FeesQuery = StaffCallQuery<typeof staffCopyFeesCall>;
export type FeeRow = StaffCallData<typeof staffCopyFeesCall>['rows'][number];

export function useFees(query: FeesQuery) {
  return useQuery({
    queryKey: copyKeys.fees(query),
    queryFn: ({ signal }) => callStaff(staffCopyFeesCall, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
