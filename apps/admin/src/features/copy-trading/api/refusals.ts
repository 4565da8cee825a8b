import { type StaffCallData, type StaffCallQuery, staffCopyRefusalsCall } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';
import { copyKeys } from './keys';

/** GET /copy/refusals: copies the follower's own rules refused, newest first, with the reason. */
export type RefusalsQuery = StaffCallQuery<typeof staffCopyRefusalsCall>;
export type RefusalRow = StaffCallData<typeof staffCopyRefusalsCall>['rows'][number];

export function useRefusals(query: RefusalsQuery) {
  return useQuery({
    queryKey: copyKeys.refusals(query),
    queryFn: ({ signal }) => callStaff(staffCopyRefusalsCall, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
