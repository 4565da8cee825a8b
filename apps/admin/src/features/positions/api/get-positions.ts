import { type StaffCallQuery, staffPositionsCall } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-client';

/** GET /positions: open positions (status 1) or pending orders (status 0) with live profit, paged. */
export type PositionsQuery = StaffCallQuery<typeof staffPositionsCall>;
export const positionKeys = {
  all: ['positions'] as const,
  list: (query: PositionsQuery) => ['positions', 'list', query] as const,
};

/** Live profit: refetched every 2 s while the screen is open (and the tab visible). */
export const POSITIONS_REFRESH_MS = 2_000;

export function usePositions(query: PositionsQuery) {
  return useQuery({
    queryKey: positionKeys.list(query),
    queryFn: ({ signal }) => callStaff(staffPositionsCall, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: POSITIONS_REFRESH_MS,
    staleTime: 0,
  });
}
