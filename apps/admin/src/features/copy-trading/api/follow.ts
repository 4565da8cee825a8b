import { ERROR_CODES, type StaffCallData, staffFollowCall } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { callStaff, StaffApiError } from '../../../lib/staff-client';
import { copyKeys } from './keys';

/**
 * GET /copy/follows/:id: one follow as its follower sees it (figures, rules, open copies with the
 * provider's fill beside each and the slippage, the latest refused copies). Times are the server's
 * London wall clock ('yyyy-MM-dd HH:mm:ss').
 */
export type FollowView = StaffCallData<typeof staffFollowCall>;
export type CopyPosition = FollowView['copies'][number];
export type CopyRefusal = FollowView['refusals'][number];

/** Open copies' prices and profit move with the market: the drawer reads them again this often. */
const REFRESH_MS = 15_000;

export function useFollow(id: number) {
  return useQuery({
    queryKey: copyKeys.follow(id),
    queryFn: ({ signal }) => callStaff(staffFollowCall, { params: { id }, signal }),
    refetchInterval: REFRESH_MS,
    // The drawer shows its own failure (and a retry).
    meta: { silent: true },
  });
}

/** The server has no follow with that id (a stale link). */
export const isFollowNotFound = (error: unknown) =>
  error instanceof StaffApiError && error.code === ERROR_CODES.STAFF_TARGET_NOT_FOUND.code;
