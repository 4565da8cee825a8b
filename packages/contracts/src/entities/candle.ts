import { z } from 'zod';

export const CANDLE_PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day'] as const;
export const candlePeriod = z.enum(CANDLE_PERIODS);
export type CandlePeriodName = z.infer<typeof candlePeriod>;

/** Spec §3 Candle. Time is the bucket start in unix seconds, buckets in Europe/London time. */
export const candle = z.object({
  Time: z.number().int(),
  Open: z.number(),
  High: z.number(),
  Low: z.number(),
  Close: z.number(),
  Volume: z.number(),
});
export type Candle = z.infer<typeof candle>;
