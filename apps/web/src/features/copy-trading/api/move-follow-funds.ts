import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { copyCalls } from './calls';
import { followChanged } from './follow-cache';

/** The two ways money moves between the balance and a follow (contract: `direction`). */
export const FUNDS_DIRECTION = { ADD: 1, WITHDRAW: 2 } as const;
export type FundsDirection = (typeof FUNDS_DIRECTION)[keyof typeof FUNDS_DIRECTION];

/**
 * POST /api/follow/funds: adds money from the balance (1) or takes it back (2). It moves money, so
 * it carries an Idempotency-Key (one per press of the button).
 */
export function moveFollowFunds(
  input: { id: number; direction: FundsDirection; amount: string },
  idempotencyKey: string,
) {
  return call(copyCalls.funds, input, { loading: true, idempotencyKey });
}

export function useMoveFollowFunds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
    }: {
      input: { id: number; direction: FundsDirection; amount: string };
      idempotencyKey: string;
    }) => moveFollowFunds(input, idempotencyKey),
    onSuccess: (view) => followChanged(queryClient, view, { moved: true }),
  });
}
