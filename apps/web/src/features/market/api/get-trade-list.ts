import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { call } from '../../../lib/request';

/** GET /v1/api/forex/trade_list: instruments with their latest quotation. */
export const tradeListKeys = {
  all: ['market', 'trade-list'] as const,
  search: (searchCurrency: string) => ['market', 'trade-list', searchCurrency] as const,
};

export const getTradeList = (searchCurrency = '') =>
  call(calls.tradeList, searchCurrency ? { searchCurrency } : {});

export function useTradeList(searchCurrency = '') {
  return useQuery({
    queryKey: tradeListKeys.search(searchCurrency),
    queryFn: () => getTradeList(searchCurrency),
  });
}
