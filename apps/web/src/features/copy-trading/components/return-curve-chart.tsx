import {
  BaselineSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type Time,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { formatPercentText } from '../../../lib/format';
import styles from './copy-trading.module.css';

export interface CurvePoint {
  time: string;
  rate: string;
}

const css = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * The provider's 90-day return curve (lightweight-charts, the trade screen's chart library, in this
 * lazy chunk of its own): a baseline at 0 % with gains above it in the up colour and losses below
 * in the down colour. Daily points ('yyyy-MM-dd'); the axis shows percent in the language's marks.
 */
export default function ReturnCurveChart({
  points,
  locale,
  label,
}: {
  points: readonly CurvePoint[];
  locale: string;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Baseline'> | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const up = css('--up', '#22c38e');
    const down = css('--down', '#ff5b6e');
    const c = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: css('--text-3', '#8490a3'),
        fontSize: 11,
        attributionLogo: false,
      },
      grid: {
        vertLines: { visible: false },
        horzLines: { color: 'rgba(255,255,255,0.05)' },
      },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
      // The page scrolls under a finger; the curve is read, not panned.
      handleScroll: false,
      handleScale: false,
      localization: {
        locale,
        priceFormatter: (rate: number) => formatPercentText(rate.toFixed(2)),
      },
    });
    const s = c.addSeries(BaselineSeries, {
      baseValue: { type: 'price', price: 0 },
      topLineColor: up,
      topFillColor1: 'rgba(34, 195, 142, 0.28)',
      topFillColor2: 'rgba(34, 195, 142, 0.02)',
      bottomLineColor: down,
      bottomFillColor1: 'rgba(255, 91, 110, 0.02)',
      bottomFillColor2: 'rgba(255, 91, 110, 0.28)',
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: true,
    });
    chart.current = c;
    series.current = s;
    return () => {
      chart.current = null;
      series.current = null;
      c.remove();
    };
  }, [locale]);

  useEffect(() => {
    const s = series.current;
    if (!s) return;
    s.setData(points.map((p) => ({ time: p.time as Time, value: Number(p.rate) })));
    chart.current?.timeScale().fitContent();
  }, [points]);

  return <div ref={host} className={styles.curve} role="img" aria-label={label} data-testid="return-curve" />;
}
