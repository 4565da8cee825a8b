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

/** Follows of one provider read per page while looking for one follow; a provider with more is rare. */
const LOOKUP_PAGE_SIZE = 200;
const LOOKUP_MAX_PAGES = 10;

/**
 * A follow's list row (who follows: the follow's own view does not say), for a drawer opened by a
 * link whose row is not on the page shown: the provider's follows are read until the one with that
 * id; null when it is not among them.
 */
export function useFollowRow(id: number, providerUserId: number | undefined) {
  return useQuery({
    queryKey: copyKeys.followRow(id),
    queryFn: async ({ signal }) => {
      for (let page = 1; page <= LOOKUP_MAX_PAGES; page++) {
        const { rows, total } = await callStaff(staffFollowsCall, {
          query: { providerUserId, page, pageSize: LOOKUP_PAGE_SIZE },
          signal,
        });
        const found = rows.find((r) => r.id === id);
        if (found) return found;
        if (page * LOOKUP_PAGE_SIZE >= total) break;
      }
      return null;
    },
    enabled: providerUserId !== undefined,
    meta: { silent: true },
  });
}
