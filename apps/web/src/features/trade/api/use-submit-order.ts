import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitQuery } from '../order-form';
import { submitOrder } from './submit-order';

/**
 * Places an order; resolves to the server's message. The press's idempotency key goes with it (a
 * retry is answered, never a second order). The order lists and the wallet reload.
 */
export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ query, idempotencyKey }: { query: SubmitQuery; idempotencyKey: string }) =>
      submitOrder(query, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
