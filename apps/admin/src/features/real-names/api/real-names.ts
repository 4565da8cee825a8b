import {
  type StaffCallBody,
  type StaffCallData,
  type StaffCallQuery,
  staffApproveRealNameCall,
  staffRealNameCall,
  staffRealNamesCall,
  staffRejectRealNameCall,
} from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff, fetchStaffBlob, sendStaff } from '../../../lib/staff-client';

/**
 * GET /real-names (the queue), GET /real-names/:id (one submission with its trader, history and
 * same-ID accounts), POST …/approve and …/reject, and the ID images (private files fetched with the
 * staff Authorization header, as a deposit's proof is).
 */
export type RealNamesQuery = StaffCallQuery<typeof staffRealNamesCall>;
export type RealNameRow = StaffCallData<typeof staffRealNamesCall>['rows'][number];
export type RealNameDetail = StaffCallData<typeof staffRealNameCall>;
export type RejectBody = StaffCallBody<typeof staffRejectRealNameCall>;

export const realNameKeys = {
  all: ['real-names'] as const,
  list: (query: RealNamesQuery) => ['real-names', 'list', query] as const,
  detail: (id: number) => ['real-names', 'detail', id] as const,
  image: (url: string) => ['real-names', 'image', url] as const,
};

export function useRealNames(query: RealNamesQuery) {
  return useQuery({
    queryKey: realNameKeys.list(query),
    queryFn: ({ signal }) => callStaff(staffRealNamesCall, { query, signal }),
    placeholderData: keepPreviousData,
    // A reviewer keeps the queue open: new submissions appear without a reload.
    refetchInterval: 30_000,
  });
}

export function useRealName(id: number) {
  return useQuery({
    queryKey: realNameKeys.detail(id),
    queryFn: ({ signal }) => callStaff(staffRealNameCall, { params: { id }, signal }),
    // The drawer shows its own failure (and a retry).
    meta: { silent: true },
  });
}

export const approveRealName = (id: number, note: string) =>
  sendStaff(staffApproveRealNameCall, { params: { id }, body: { note } });

export const rejectRealName = (id: number, body: RejectBody) =>
  sendStaff(staffRejectRealNameCall, { params: { id }, body });

/**
 * An ID image as a Blob, fetched with the staff token. Not kept once the drawer closes (gcTime 0):
 * identity documents do not linger in memory; the image shows its own failure.
 */
export function useIdImageBlob(url: string) {
  return useQuery({
    queryKey: realNameKeys.image(url),
    queryFn: ({ signal }) => fetchStaffBlob(url, signal),
    enabled: url !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    meta: { silent: true },
  });
}
