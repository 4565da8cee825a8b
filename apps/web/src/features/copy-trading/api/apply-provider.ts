import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { copyCalls } from './calls';
import { copyKeys } from './keys';

export interface ProviderApplication {
  nickname: string;
  description: string;
  avatar: string;
  feePercent: string;
}

/**
 * POST /api/follow/apply: applies to become a signal provider (staff review it), or edits an
 * approved provider's profile. Answers the profile as it is now.
 */
export function applyProvider(input: ProviderApplication) {
  return call(
    copyCalls.apply,
    {
      nickname: input.nickname.trim(),
      description: input.description.trim(),
      avatar: input.avatar,
      fee_percent: input.feePercent || '0',
    },
    { loading: true },
  );
}

export function useApplyProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyProvider,
    onSuccess: (profile) => {
      queryClient.setQueryData(copyKeys.provider, profile);
      // An approved provider's new name, picture or fee shows on the ranking and their page.
      void queryClient.invalidateQueries({ queryKey: copyKeys.rankings });
      void queryClient.invalidateQueries({ queryKey: ['copy', 'detail'] });
    },
  });
}
