import type { Candle, CandlePeriodName } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { klineTopic } from '../../../lib/calls';
import { socket, useTopic } from '../../../lib/realtime';
import { klineKeys } from '../api/get-kline';
import { LiveCandles } from '../live-candles';

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
 * The live candles of one instrument and period: subscribes to `KLINE.{code}` while mounted and
 * keeps the recent frames of the chosen period. Mounted with the screen, before the history is
 * asked for, so nothing between the history's snapshot and the chart is missed.
 */
export function useLiveCandles(code: string | undefined, period: CandlePeriodName): LiveCandles {
  const topic = code ? klineTopic(code) : null;
  useTopic(topic);
  // A new buffer per instrument and period: another series' frames never reach this chart.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the series on purpose
  const live = useMemo(() => new LiveCandles(), [topic, period]);
  useEffect(() => {
    if (!topic) return;
    return socket.on(topic, (msg) => {
      const candle = candleOfFrame(msg.data, period);
      if (candle) live.push(candle);
    });
  }, [topic, period, live]);
  return live;
}

/**
 * Asks for the instrument's history again when the socket opens after the screen asked for it: its
 * `KLINE` subscription goes out only then, and frames before it reached no buffer (a candle closing
 * meanwhile would keep the history's unfinished copy). Only that first open: later reconnections
 * are the gap reload's (app/after-gap.ts).
 */
export function useKlineAgainOnFirstOpen(forexId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Open now: the `sub` went out before the history was asked for (the screen's effects run in
    // that order).
    if (forexId === undefined || socket.isOpen) return;
    const off = socket.on('open', () => {
      off();
      void queryClient.invalidateQueries({ queryKey: [...klineKeys.all, forexId] });
    });
    return off;
  }, [forexId, queryClient]);
}
