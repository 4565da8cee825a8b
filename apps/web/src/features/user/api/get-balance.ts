import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { call } from '../../../lib/request';
import { useSession } from '../../../stores/session';

/** GET /v1/api/main/wallet/getBalance: available and frozen USD as 2-decimal strings. */
export const walletKeys = {
  all: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
};

export function useWalletBalance() {
  const token = useSession((s) => s.token);
  return useQuery({
    enabled: Boolean(token),
    queryKey: walletKeys.balance,
    queryFn: () => call(calls.walletBalance),
    staleTime: 10_000,
  });
}
