import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { copyCalls } from './calls';
import { followChanged } from './follow-cache';

/**
 * POST /api/follow/stop: every copy closes at the live price and what is left returns to the
 * balance. It moves money and closes positions, so it carries an Idempotency-Key.
 */
export function stopFollow(id: number, idempotencyKey: string) {
  return call(copyCalls.stop, { id }, { loading: true, idempotencyKey });
}

export function useStopFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      stopFollow(id, idempotencyKey),
    onSuccess: (view) => followChanged(queryClient, view, { moved: true }),
  });
}
