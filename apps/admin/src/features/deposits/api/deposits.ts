import {
  DEPOSIT_STATUS,
  type StaffCallBody,
  type StaffCallQuery,
  staffDepositsCall,
  staffReviewDepositCall,
} from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff, fetchStaffBlob, sendStaff } from '../../../lib/staff-client';

/** GET /deposits: deposits of one status (waiting, finished, rejected, void), paged. */
export type DepositsQuery = StaffCallQuery<typeof staffDepositsCall>;
export type DepositReview = StaffCallBody<typeof staffReviewDepositCall>;
export type DepositAction = DepositReview['action'];

/** Deposit status (DESIGN §7): the tabs of the screen, in order. */
export const DEPOSIT_STATUSES = [
  DEPOSIT_STATUS.UNCHECKED,
  DEPOSIT_STATUS.FINISHED,
  DEPOSIT_STATUS.REJECTED,
  DEPOSIT_STATUS.INVALID,
] as const;

export const depositKeys = {
  all: ['deposits'] as const,
  list: (query: DepositsQuery) => ['deposits', 'list', query] as const,
  proof: (url: string) => ['deposits', 'proof', url] as const,
};

export function useDeposits(query: DepositsQuery) {
  return useQuery({
    queryKey: depositKeys.list(query),
    queryFn: ({ signal }) => callStaff(staffDepositsCall, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /deposits/:id/review: approve (credits the balance once), reject or void, with a reason. */
export const reviewDeposit = (id: number, body: DepositReview) =>
  sendStaff(staffReviewDepositCall, { params: { id }, body });

/**
 * The proof image as a Blob, fetched with the staff Authorization header. Not kept once the drawer
 * closes (gcTime 0); the drawer shows its failure itself.
 */
export function useProofBlob(url: string) {
  return useQuery({
    queryKey: depositKeys.proof(url),
    queryFn: ({ signal }) => fetchStaffBlob(url, signal),
    enabled: url !== '',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    meta: { silent: true },
  });
}
