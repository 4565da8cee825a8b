import {
  type StaffCallData,
  type StaffCallQuery,
  staffFollowsCall,
  staffUsersCall,
} from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';
import { copyKeys } from './keys';

/** GET /copy/follows: every follow and its allocation, newest first, of one provider or follower. */
export type FollowsQuery = StaffCallQuery<typeof staffFollowsCall>;
export type FollowRow = StaffCallData<typeof staffFollowsCall>['rows'][number];

export function useFollows(query: FollowsQuery, enabled = true) {
  return useQuery({
    queryKey: copyKeys.follows(query),
    queryFn: ({ signal }) => callStaff(staffFollowsCall, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The internal id of the user with this UID (the follows list filters by id; staff type the UID
 * they see everywhere): GET /users searched by the UID, the row with exactly that UID, else null.
 */
export function useUserIdOfUid(uid: string | undefined) {
  return useQuery({
    queryKey: copyKeys.userOfUid(uid ?? ''),
    queryFn: async ({ signal }) => {
      const page = await callStaff(staffUsersCall, { query: { q: uid, page: 1, pageSize: 50 }, signal });
      return page.rows.find((r) => r.uid === uid)?.id ?? null;
    },
    enabled: uid !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
