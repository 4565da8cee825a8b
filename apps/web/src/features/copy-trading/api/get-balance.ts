import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { call } from '../../../lib/request';
import { useSession } from '../../../stores/session';
import { balanceKey } from './keys';

/**
 * GET /v1/api/main/wallet/getBalance: the available USD a follow is funded from (the same cache
 * entry as the wallet's and the personal centre's).
 */
export function useAvailableBalance() {
  const token = useSession((s) => s.token);
  return useQuery({
    enabled: Boolean(token),
    queryKey: balanceKey,
    queryFn: () => call(calls.walletBalance),
    staleTime: 10_000,
  });
}
