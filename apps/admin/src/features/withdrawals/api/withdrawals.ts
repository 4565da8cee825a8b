import { type StaffCallBody, staffReviewWithdrawalCall, staffWithdrawalsCall } from '@meridian/contracts';
import { reviewQueueApi } from '../../../lib/review-queue-api';

/**
 * GET /withdrawals: withdrawals of one status (reviewing, paid, rejected), paged; POST
 * /withdrawals/:id/review: pay (the frozen amount leaves) or reject (refunded), with a reason.
 */
export const withdrawalsApi = reviewQueueApi('withdrawals', staffWithdrawalsCall, staffReviewWithdrawalCall);
export type WithdrawalAction = StaffCallBody<typeof staffReviewWithdrawalCall>['action'];

export const reviewWithdrawal = withdrawalsApi.review;
