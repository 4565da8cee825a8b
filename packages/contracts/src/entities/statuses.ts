/**
 * Named status codes of orders, wallet and real-name records. The numbers are the spec's and the
 * database's; code says the name, never the bare number. Zod-free on purpose: the web app imports
 * `@meridian/contracts/statuses` without pulling every schema into its bundles (~106 kB).
 */

/** Order status (DESIGN §4): 0 pending, 1 holding, 2 closing (transient), 3 closed, 4 cancelled. */
export const ORDER_STATUS = { PENDING: 0, HOLDING: 1, CLOSING: 2, CLOSED: 3, CANCELLED: 4 } as const;

/** Deposit status: 0 unchecked, 1 finished (credited), 2 rejected, 3 invalid (void); 5 while a
 * review is being applied (a claim: one reviewer wins; never shown). */
export const DEPOSIT_STATUS = { UNCHECKED: 0, FINISHED: 1, REJECTED: 2, INVALID: 3, APPLYING: 5 } as const;
export type DepositStatus = (typeof DEPOSIT_STATUS)[keyof typeof DEPOSIT_STATUS];

/** Withdrawal status: -1 being requested (the freeze not yet confirmed), -2 refused at request
 * (hidden), 0 reviewing, 1 paid, 2 rejected (refunded); 8/9 while a pay/reject is being applied. */
export const WITHDRAWAL_STATUS = {
  REQUESTING: -1,
  REFUSED: -2,
  REVIEWING: 0,
  PAID: 1,
  REJECTED: 2,
  PAYING: 8,
  REJECTING: 9,
} as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUS)[keyof typeof WITHDRAWAL_STATUS];

/** Real-name review status (spec §4, DESIGN §8): 0 not submitted, 1 waiting for review, 2 finished
 * (approved), 3 rejected with a reason the trader reads (the form opens again to resubmit). */
export const REAL_NAME_STATUS = { NOT_SUBMITTED: 0, WAITING: 1, FINISHED: 2, REJECTED: 3 } as const;
export type RealNameStatus = (typeof REAL_NAME_STATUS)[keyof typeof REAL_NAME_STATUS];

/** A news article's state: 0 draft (never shown), 1 published (shown from its publish time on, so a
 * future publish time is "scheduled"). Unpublishing returns it to draft. */
export const NEWS_STATUS = { DRAFT: 0, PUBLISHED: 1 } as const;
export type NewsStatus = (typeof NEWS_STATUS)[keyof typeof NEWS_STATUS];

/** A company's status (spec §7 getCompanyStatus): 0 in service; anything else sends a visitor whose
 * `company_id` cookie names it to its `loss_url`. Suspended companies are not offered in search. */
export const COMPANY_STATUS = { ACTIVE: 0, SUSPENDED: 1 } as const;
export type CompanyStatus = (typeof COMPANY_STATUS)[keyof typeof COMPANY_STATUS];

/** A signal provider's state (DESIGN §9): 0 applied (waiting for staff), 1 approved (ranked, may be
 * followed), 2 suspended by staff (hidden, followers' copies stop opening), 3 removed, 4 rejected
 * (the trader may apply again). */
export const PROVIDER_STATUS = { APPLIED: 0, APPROVED: 1, SUSPENDED: 2, REMOVED: 3, REJECTED: 4 } as const;
export type ProviderStatus = (typeof PROVIDER_STATUS)[keyof typeof PROVIDER_STATUS];

/** A follow (one copy allocation): 1 active (copies open and close), 2 paused (new opens are not copied,
 * open copies still close with the provider), 3 stopped (copies closed, money returned; final). */
export const FOLLOW_STATUS = { ACTIVE: 1, PAUSED: 2, STOPPED: 3 } as const;
export type FollowStatus = (typeof FOLLOW_STATUS)[keyof typeof FOLLOW_STATUS];
