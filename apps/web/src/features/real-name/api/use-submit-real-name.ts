import { useMutation, useQueryClient } from '@tanstack/react-query';
import { realNameKeys } from './get-real-name';
import { submitRealName } from './submit-real-name';

/**
 * Submits the form. The answer is the record as it now stands (waiting), which the screen shows at
 * once; a refusal (one already waiting or approved from another device) reloads the record.
 */
export function useSubmitRealName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRealName,
    onSuccess: ({ record }) => {
      queryClient.setQueryData(realNameKeys.center, record);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: realNameKeys.center });
    },
  });
}
