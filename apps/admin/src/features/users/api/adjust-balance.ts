import { newIdempotencyKey, type StaffCallBody, staffAdjustBalanceCall } from '@meridian/contracts';
import { sendStaff } from '../../../lib/staff-client';

/**
 * POST /users/:id/adjust: a signed decimal amount through the ledger (type 10, memo shown to the
 * user). Each call is one adjustment with its own Idempotency-Key: resent after a network failure,
 * it still moves the money once.
 */
export const adjustBalance = (id: number, body: StaffCallBody<typeof staffAdjustBalanceCall>) =>
  sendStaff(staffAdjustBalanceCall, { params: { id }, body, idempotencyKey: newIdempotencyKey() });

/** The contract's own rule for the amount: signed, at most 6 decimals, not 0. */
export const isValidAdjustment = (value: string): boolean =>
  staffAdjustBalanceCall.body!.shape.amount.safeParse(value).success;
