import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MethodType, walletKeys } from './keys';
import { requestWithdrawal } from './request-withdrawal';

/**
 * Requests a withdrawal; resolves to the server's message. The amount is frozen at once, so the
 * balance, the tab's records and the user's info reload.
 */
export function useRequestWithdrawal(type: MethodType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.balance });
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals(type) });
      void queryClient.invalidateQueries({ queryKey: ['user', 'info'] });
    },
  });
}
