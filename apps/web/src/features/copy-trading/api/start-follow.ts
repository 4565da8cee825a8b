import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { copyCalls } from './calls';
import { followChanged } from './follow-cache';

/** What the follow form sends (amounts in the API's form: '250', '12.50'; '' for none). */
export interface StartFollowInput {
  providerId: number;
  amount: string;
  sizing: 1 | 2;
  multiplier: string;
  maxLots: string;
  stopLoss: string;
  copyOpen: boolean;
}

/**
 * POST /api/follow/start: the amount moves from the balance into a new copy allocation. It moves
 * money, so it carries an Idempotency-Key (one per press of the button) and is resent with it when
 * no answer came; a refusal's message is toasted by the request layer.
 */
export function startFollow(input: StartFollowInput, idempotencyKey: string) {
  return call(
    copyCalls.start,
    {
      provider_id: input.providerId,
      amount: input.amount,
      sizing: input.sizing,
      multiplier: input.multiplier,
      max_lots: input.maxLots || '0',
      stop_loss: input.stopLoss || '0',
      copy_open: input.copyOpen ? 1 : 0,
    },
    { loading: true, idempotencyKey },
  );
}

export function useStartFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: StartFollowInput; idempotencyKey: string }) =>
      startFollow(input, idempotencyKey),
    onSuccess: (view) => followChanged(queryClient, view, { moved: true }),
  });
}
