import type { Candle, CandlePeriodName } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { call } from '../../../lib/request';

/**
 * GET /v1/api/forex/kline: up to 500 candles, oldest first, the last one still forming; with the
 * `performance.now()` reading of when they were asked for (live frames from after it are newer).
 */
export interface KlineHistory {
  candles: Candle[];
  askedAt: number;
}

export const klineKeys = {
  all: ['trade', 'kline'] as const,
  series: (forexId: number, period: CandlePeriodName) => ['trade', 'kline', forexId, period] as const,
};

export function useKline(forexId: number | undefined, period: CandlePeriodName) {
  return useQuery({
    queryKey: klineKeys.series(forexId ?? 0, period),
    queryFn: async (): Promise<KlineHistory> => {
      const askedAt = performance.now();
      const candles = await call(calls.kline, { forex_id: forexId!, period }, { showErrorMessage: false });
      return { candles, askedAt };
    },
    enabled: forexId !== undefined,
    // Live updates reach the chart, not this copy: a period left and shown again is asked afresh
    // (the copy shows meanwhile), or its candles from while the trader was away stay wrong.
    staleTime: 0,
  });
}
