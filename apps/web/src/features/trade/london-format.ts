/**
 * Chart labels in London time (spec §9), whatever the device's zone: candles are bucketed in
 * Europe/London (DESIGN §5), so the axis shows the same wall clock the buckets were cut on.
 */
import { londonFormat } from '@meridian/i18n';

/** Tick mark kinds of lightweight-charts' `TickMarkType` (kept numeric: no chart import here). */
export const TICK = { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 } as const;

/** Axis label of a bucket start (unix seconds) for one tick mark kind. */
export function londonTickLabel(timeSec: number, tickMarkType: number, locale: string): string {
  const ms = timeSec * 1000;
  switch (tickMarkType) {
    case TICK.Year:
      return londonFormat(locale, { year: 'numeric' }).format(ms);
    case TICK.Month:
      return londonFormat(locale, { month: 'short' }).format(ms);
    case TICK.DayOfMonth:
      return londonFormat(locale, { day: 'numeric', month: 'short' }).format(ms);
    case TICK.TimeWithSeconds:
      return londonFormat(locale, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }).format(ms);
    default:
      return londonFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
  }
}

/** Crosshair label: date and time in London. */
export function londonDateTime(timeSec: number, locale: string): string {
  return londonFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(timeSec * 1000);
}
