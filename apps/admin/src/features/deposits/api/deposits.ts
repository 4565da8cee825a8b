import { type StaffCallBody, staffDepositsCall, staffReviewDepositCall } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { reviewQueueApi } from '../../../lib/review-queue-api';
import { fetchStaffBlob } from '../../../lib/staff-client';

/**
 * GET /deposits: deposits of one status (waiting, finished, rejected, void), paged; POST
 * /deposits/:id/review: approve (credits the balance once), reject or void, with a reason.
 */
export const depositsApi = reviewQueueApi('deposits', staffDepositsCall, staffReviewDepositCall);
export type DepositAction = StaffCallBody<typeof staffReviewDepositCall>['action'];

export const depositKeys = {
  ...depositsApi.keys,
  proof: (url: string) => ['deposits', 'proof', url] as const,
};

export const reviewDeposit = depositsApi.review;

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
