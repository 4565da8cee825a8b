import type { CandlePeriodName } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { call } from '../../../lib/request';

/** GET /v1/api/forex/kline: up to 500 candles, oldest first, the last one still forming. */
export const klineKeys = {
  all: ['trade', 'kline'] as const,
  series: (forexId: number, period: CandlePeriodName) => ['trade', 'kline', forexId, period] as const,
};

export function useKline(forexId: number | undefined, period: CandlePeriodName) {
  return useQuery({
    queryKey: klineKeys.series(forexId ?? 0, period),
    queryFn: () => call(calls.kline, { forex_id: forexId!, period }, { showErrorMessage: false }),
    enabled: forexId !== undefined,
    // Live updates reach the chart, not this copy: a period left and shown again is asked afresh
    // (the copy shows meanwhile), or its candles from while the trader was away stay wrong.
    staleTime: 0,
  });
}
