import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletKeys } from './keys';
import { submitBankDeposit, submitCoinDeposit } from './submit-deposit';

/** Declares a coin deposit; resolves to the server's message. The coin records reload. */
export function useSubmitCoinDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitCoinDeposit,
    onSuccess: () => {
      // Not returned: the answer (and the spinner) would wait for the records to reload.
      void queryClient.invalidateQueries({ queryKey: walletKeys.deposits(0) });
    },
  });
}

/** Declares a bank deposit; resolves to the server's message. The bank records reload. */
export function useSubmitBankDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitBankDeposit,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.deposits(1) });
    },
  });
}
