import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { walletCalls } from './calls';
import { walletKeys } from './keys';

/** GET /api/quickCharge/wire_info (bank_coin): the broker's bank accounts of a channel. */
export function useWireAccounts(channelId: number | null) {
  return useQuery({
    enabled: channelId !== null,
    queryKey: walletKeys.wireAccounts(channelId ?? 0),
    queryFn: () => call(walletCalls.wireInfo, { bank_coin: channelId ?? 0 }),
  });
}
