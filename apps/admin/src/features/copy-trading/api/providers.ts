import {
  type PROVIDER_ACTIONS,
  type StaffCallQuery,
  type StaffProviderRow,
  staffProvidersCall,
  staffReviewProviderCall,
} from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff, sendStaff } from '../../../lib/staff-client';
import { copyKeys } from './keys';

/**
 * GET /copy/providers (waiting applications first; status and a search of uid, e-mail or nickname)
 * and POST /copy/providers/:id/review (approve, reject, suspend, remove, reinstate, with a note the
 * trader reads).
 */
export type ProvidersQuery = StaffCallQuery<typeof staffProvidersCall>;
export type ProviderAction = (typeof PROVIDER_ACTIONS)[number];
export type { StaffProviderRow as ProviderRow };

export function useProviders(query: ProvidersQuery) {
  return useQuery({
    queryKey: copyKeys.providers(query),
    queryFn: ({ signal }) => callStaff(staffProvidersCall, { query, signal }),
    placeholderData: keepPreviousData,
    // Applications arrive while a reviewer keeps the list open.
    refetchInterval: 30_000,
  });
}

/**
 * One provider by UID, for a drawer opened by a link (`?open=<uid>`) whose row is not on the page
 * shown: the search matches the uid, the row with exactly that uid is the one.
 */
export function useProviderByUid(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: copyKeys.provider(uid),
    queryFn: async ({ signal }) => {
      const page = await callStaff(staffProvidersCall, { query: { q: uid, page: 1, pageSize: 50 }, signal });
      return page.rows.find((r) => r.uid === uid) ?? null;
    },
    enabled: enabled && uid !== '',
    meta: { silent: true },
  });
}

/** Providers matching a search, as the choices of a "provider" filter (20 at a time). */
export function useProviderOptions(q: string) {
  return useQuery({
    queryKey: copyKeys.providerOptions(q),
    queryFn: ({ signal }) => callStaff(staffProvidersCall, { query: { q, page: 1, pageSize: 20 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export const reviewProvider = (userId: number, action: ProviderAction, note: string) =>
  sendStaff(staffReviewProviderCall, { params: { id: userId }, body: { action, note } });
