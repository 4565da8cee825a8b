/** Chart periods of spec §9. Candles are bucketed in Europe/London wall-clock time (see london-time.ts). */
export type CandlePeriod = '1min' | '5min' | '15min' | '30min' | '60min' | '1day';

/** Ordered from the finest to the coarsest: each period's buckets nest inside the next one's. */
export const CANDLE_PERIODS: readonly CandlePeriod[] = ['1min', '5min', '15min', '30min', '60min', '1day'];

/**
 * Nominal length of a bucket in seconds. Exact for the intraday periods; a London day is 23 or 25 hours
 * on the daylight-saving change days, so use `bucketStart`/`nextBucketStart` for day boundaries.
 */
export const periodSeconds: Readonly<Record<CandlePeriod, number>> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '1day': 86_400,
};

export function isCandlePeriod(value: string): value is CandlePeriod {
  return Object.hasOwn(periodSeconds, value);
}
