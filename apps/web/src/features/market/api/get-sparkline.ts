import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { call } from '../../../lib/request';

/** GET /v1/api/forex/abbreviated_cache_kline (15min): the Close values of a row's sparkline. */
export const SPARKLINE_PERIOD = '15min' as const;

export const sparklineKeys = {
  all: ['market', 'sparkline'] as const,
  instrument: (forexId: number) => ['market', 'sparkline', forexId, SPARKLINE_PERIOD] as const,
};

export function useSparkline(forexId: number, enabled: boolean) {
  return useQuery({
    queryKey: sparklineKeys.instrument(forexId),
    queryFn: async () => {
      const candles = await call(
        calls.abbreviatedKline,
        { forex_id: forexId, period: SPARKLINE_PERIOD },
        { showErrorMessage: false },
      );
      return candles.slice(-60).map((c) => c.Close);
    },
    enabled,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
