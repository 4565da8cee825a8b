import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { call } from '../../../lib/request';
import { orderKeys } from './get-orders';

/** GET /v1/api/main/account/forexDetail: the summary card (DESIGN §3), refreshed live by FOREX_TRADE. */
export function useAccountSummary() {
  return useQuery({ queryKey: orderKeys.summary, queryFn: () => call(calls.forexDetail), staleTime: 0 });
}
