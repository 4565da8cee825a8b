import type { Candle } from '@meridian/contracts';

/**
 * A series the chart accepts: strictly ascending times. The kline call answers oldest first with
 * the forming candle last; the forming candle is authoritative, so the series is rebuilt backwards
 * from it and any candle not strictly older than the one after it is dropped (a duplicate, or a
 * stale "future" bucket left by a server whose clock was reset; the chart would refuse the series).
 */
export function ascendingCandles(candles: readonly Candle[]): Candle[] {
  const out: Candle[] = [];
  let next = Number.POSITIVE_INFINITY;
  for (let i = candles.length - 1; i >= 0; i--) {
    const c = candles[i]!;
    if (!(c.Time < next) || !Number.isFinite(c.Close)) continue;
    out.push(c);
    next = c.Time;
  }
  return out.reverse();
}
