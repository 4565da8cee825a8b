import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { copyCalls } from './calls';
import { followChanged } from './follow-cache';

/** A pause (status 2) or resume (1), or new settings for the copies made from now. */
export interface UpdateFollowInput {
  id: number;
  status?: 1 | 2;
  sizing?: 1 | 2;
  multiplier?: string;
  maxLots?: string;
  stopLoss?: string;
  copyOpen?: boolean;
}

/** POST /api/follow/update: moves no money (no Idempotency-Key); answers the follow as it is now. */
export function updateFollow(input: UpdateFollowInput) {
  return call(
    copyCalls.update,
    {
      id: input.id,
      status: input.status,
      sizing: input.sizing,
      multiplier: input.multiplier,
      max_lots: input.maxLots === undefined ? undefined : input.maxLots || '0',
      stop_loss: input.stopLoss === undefined ? undefined : input.stopLoss || '0',
      copy_open: input.copyOpen === undefined ? undefined : input.copyOpen ? 1 : 0,
    },
    { loading: true },
  );
}

export function useUpdateFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFollow,
    onSuccess: (view) => followChanged(queryClient, view, { moved: false }),
  });
}
