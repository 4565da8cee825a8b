import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { walletCalls } from './calls';
import { walletKeys } from './keys';

/** GET /api/quickCharge/symbols: the bank deposit channels (fiat currencies the broker receives). */
export function useBankChannels() {
  return useQuery({ queryKey: walletKeys.bankChannels, queryFn: () => call(walletCalls.chargeSymbols) });
}
