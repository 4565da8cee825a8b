import type { Candle } from '@meridian/contracts';
import {
  type CandlestickData,
  CandlestickSeries,
  type ChartOptions,
  type ChartOptionsImpl,
  ColorType,
  createChartEx,
  type DeepPartial,
  type IChartApiBase,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { formatPrice } from '../../../lib/format';
import type { KlineHistory } from '../api/get-kline';
import { ascendingCandles } from '../candles';
import type { LiveCandles } from '../live-candles';
import { londonDateTime, londonTickLabel } from '../london-format';
import { LondonTimeScale } from '../london-time-scale';
import styles from './trade.module.css';

interface CandleChartProps {
  /** The instrument's and period's live frames (subscribed by the screen before the history). */
  live: LiveCandles;
  history: KlineHistory;
  precision: number;
  locale: string;
  label: string;
}

const bar = (c: Candle): CandlestickData<Time> => ({
  time: c.Time as UTCTimestamp,
  open: c.Open,
  high: c.High,
  low: c.Low,
  close: c.Close,
});

/** The forming candle (or a newer one) from a live frame; an older frame is dropped. */
function updateLast(s: ISeriesApi<'Candlestick'>, candle: Candle, lastTime: { current: number }) {
  if (candle.Time < lastTime.current) return;
  try {
    s.update(bar(candle));
    lastTime.current = candle.Time;
  } catch {
    // an out-of-order frame: the next one catches up
  }
}

/**
 * The history, then the live frames that arrived after it was asked for: the snapshot misses
 * the ticks between its taking and the chart, and a candle that closed meanwhile would keep the
 * snapshot's unfinished copy for good.
 */
function show(
  s: ISeriesApi<'Candlestick'>,
  history: KlineHistory,
  live: LiveCandles,
  lastTime: { current: number },
) {
  const data = ascendingCandles(history.candles);
  s.setData(data.map(bar));
  lastTime.current = data.at(-1)?.Time ?? 0;
  for (const candle of live.since(history.askedAt, lastTime.current)) updateLast(s, candle, lastTime);
}

const css = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * Candle chart (lightweight-charts 5, its own lazy chunk): history from the kline call, the last
 * candle live from `KLINE.{code}` frames of the chosen period, axis and crosshair in London time
 * (its day marks on London's calendar too: `LondonTimeScale`).
 */
export default function CandleChart({ live, history, precision, locale, label }: CandleChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApiBase<Time> | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const lastTime = useRef(0);
  const shown = useRef({ live, history });
  shown.current = { live, history };
  const places = useRef(precision);
  places.current = precision;

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const up = css('--up', '#22c38e');
    const down = css('--down', '#ff5b6e');
    const options: DeepPartial<ChartOptions> = {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: css('--text-3', '#8490a3'),
        fontSize: 11,
      },
      grid: {
        vertLines: { color: 'rgba(255,255,255,0.04)' },
        horzLines: { color: 'rgba(255,255,255,0.04)' },
      },
      rightPriceScale: { borderColor: css('--border', '#232d3d') },
      // A vertical swipe on the chart scrolls the page (to the order form below it), as anywhere else
      // on a phone; sideways it still pans the candles. The chart took both, trapping the page.
      handleScroll: { vertTouchDrag: false },
      timeScale: {
        borderColor: css('--border', '#232d3d'),
        timeVisible: true,
        secondsVisible: false,
        // A few empty bars after the last candle: room for the time label under it, which the
        // pane's edge otherwise cuts ("20:5"), and for the live candle to be seen forming.
        rightOffset: 4,
        tickMarkFormatter: (time: Time, type: number) => londonTickLabel(Number(time), type, locale),
      },
      localization: {
        locale,
        timeFormatter: (time: Time) => londonDateTime(Number(time), locale),
        // The price axis and crosshair with the language's decimal separator, as every other price.
        priceFormatter: (price: number) => formatPrice(price, places.current),
      },
    };
    // The time scale's options are the time chart's (`createChart` passes them the same way).
    const c = createChartEx<Time, LondonTimeScale>(
      el,
      new LondonTimeScale(),
      options as DeepPartial<ChartOptionsImpl<Time>>,
    );
    const s = c.addSeries(CandlestickSeries, {
      upColor: up,
      downColor: down,
      borderUpColor: up,
      borderDownColor: down,
      wickUpColor: up,
      wickDownColor: down,
    });
    chart.current = c;
    series.current = s;
    show(s, shown.current.history, shown.current.live, lastTime);
    return () => {
      chart.current = null;
      series.current = null;
      c.remove();
    };
  }, [locale]);

  useEffect(() => {
    series.current?.applyOptions({
      priceFormat: { type: 'price', precision, minMove: 1 / 10 ** precision },
    });
  }, [precision]);

  useEffect(() => {
    const s = series.current;
    if (!s) return;
    show(s, history, live, lastTime);
    chart.current?.timeScale().scrollToRealTime();
  }, [history, live]);

  useEffect(
    () =>
      live.listen((candle) => {
        const s = series.current;
        if (s) updateLast(s, candle, lastTime);
      }),
    [live],
  );

  return <div ref={host} className={styles.chart} role="img" aria-label={label} data-testid="candle-chart" />;
}
