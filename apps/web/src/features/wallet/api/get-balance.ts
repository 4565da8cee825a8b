import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { useSession } from '../../../stores/session';
import { walletCalls } from './calls';
import { walletKeys } from './keys';

/** GET /v1/api/main/wallet/getBalance: available (`balance`) and frozen (`lock_balance`) USD. */
export function useWalletBalance() {
  const token = useSession((s) => s.token);
  return useQuery({
    enabled: Boolean(token),
    queryKey: walletKeys.balance,
    queryFn: () => call(walletCalls.balance),
    staleTime: 10_000,
  });
}
