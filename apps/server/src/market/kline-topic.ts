/**
 * A candle update's parking key: per bucket, so a slow client keeps the last update of a candle that
 * finished while it was parked (the next bucket's first frame would otherwise replace it, and the
 * chart would keep that candle as it was before its end).
 */
export const klineFrameKey = (code: string, period: string, bucketTimeSec: number) =>
  `K:${code}:${period}:${bucketTimeSec}`;
