import type { Candle, CandlePeriodName } from '@meridian/contracts';
import { useEffect, useRef } from 'react';
import { klineTopic } from '../../../lib/calls';
import { socket, useTopic } from '../../../lib/realtime';

/** A KLINE.{code} frame's data (spec §7: Period and the candle fields). */
export interface KlineFrame extends Candle {
  symbol: string;
  Period: string;
}

/** The candle of a KLINE frame when it belongs to `period`, else null. */
export function candleOfFrame(data: unknown, period: CandlePeriodName): Candle | null {
  if (typeof data !== 'object' || data === null) return null;
  const f = data as Partial<KlineFrame>;
  if (f.Period !== period || typeof f.Time !== 'number' || typeof f.Close !== 'number') return null;
  return {
    Time: f.Time,
    Open: f.Open ?? f.Close,
    High: f.High ?? f.Close,
    Low: f.Low ?? f.Close,
    Close: f.Close,
    Volume: f.Volume ?? 0,
  };
}

/**
 * The forming candle of one instrument and period, live: subscribes to `KLINE.{code}` while
 * mounted and calls `onCandle` with every frame of the chosen period.
 */
export function useLiveCandle(
  code: string | undefined,
  period: CandlePeriodName,
  onCandle: (candle: Candle) => void,
): void {
  const topic = code ? klineTopic(code) : null;
  useTopic(topic);
  const handler = useRef(onCandle);
  handler.current = onCandle;
  useEffect(() => {
    if (!topic) return;
    return socket.on(topic, (msg) => {
      const candle = candleOfFrame(msg.data, period);
      if (candle) handler.current(candle);
    });
  }, [topic, period]);
}
