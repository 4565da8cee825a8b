import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { walletCalls } from './calls';
import { walletKeys } from './keys';

/** GET /api/quickCharge/info: the broker's receiving addresses (coin deposit options). */
export function useChargeOptions() {
  return useQuery({ queryKey: walletKeys.chargeOptions, queryFn: () => call(walletCalls.chargeInfo) });
}
