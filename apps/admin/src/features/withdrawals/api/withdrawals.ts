import {
  type StaffCallBody,
  type StaffCallQuery,
  staffReviewWithdrawalCall,
  staffWithdrawalsCall,
  WITHDRAWAL_STATUS,
} from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStaff, sendStaff } from '../../../lib/staff-client';

/** GET /withdrawals: withdrawals of one status (reviewing, paid, rejected), paged. */
export type WithdrawalsQuery = StaffCallQuery<typeof staffWithdrawalsCall>;
export type WithdrawalReview = StaffCallBody<typeof staffReviewWithdrawalCall>;
export type WithdrawalAction = WithdrawalReview['action'];

/** Withdrawal status (DESIGN §8): the tabs of the screen, in order. */
export const WITHDRAWAL_STATUSES = [
  WITHDRAWAL_STATUS.REVIEWING,
  WITHDRAWAL_STATUS.PAID,
  WITHDRAWAL_STATUS.REJECTED,
] as const;

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  list: (query: WithdrawalsQuery) => ['withdrawals', 'list', query] as const,
};

export function useWithdrawals(query: WithdrawalsQuery) {
  return useQuery({
    queryKey: withdrawalKeys.list(query),
    queryFn: ({ signal }) => callStaff(staffWithdrawalsCall, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /withdrawals/:id/review: pay (the frozen amount leaves) or reject (refunded), with a reason. */
export const reviewWithdrawal = (id: number, body: WithdrawalReview) =>
  sendStaff(staffReviewWithdrawalCall, { params: { id }, body });
