/**
 * Chart labels in London time (spec §9), whatever the device's zone: candles are bucketed in
 * Europe/London (DESIGN §5), so the axis shows the same wall clock the buckets were cut on.
 */
export const CHART_TIME_ZONE = 'Europe/London';

const cache = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    // Western digits and the Gregorian calendar in every language (DECISIONS "Numbers on screen"):
    // Persian would otherwise get Persian digits and the Solar Hijri year, Thai the Buddhist year,
    // while the order screen shows Gregorian dates.
    const fixed = { ...options, timeZone: CHART_TIME_ZONE, numberingSystem: 'latn', calendar: 'gregory' };
    try {
      f = new Intl.DateTimeFormat(locale, fixed);
    } catch {
      f = new Intl.DateTimeFormat('en-GB', fixed);
    }
    cache.set(key, f);
  }
  return f;
}

/** Tick mark kinds of lightweight-charts' `TickMarkType` (kept numeric: no chart import here). */
export const TICK = { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 } as const;

/** Axis label of a bucket start (unix seconds) for one tick mark kind. */
export function londonTickLabel(timeSec: number, tickMarkType: number, locale: string): string {
  const ms = timeSec * 1000;
  switch (tickMarkType) {
    case TICK.Year:
      return format(locale, { year: 'numeric' }).format(ms);
    case TICK.Month:
      return format(locale, { month: 'short' }).format(ms);
    case TICK.DayOfMonth:
      return format(locale, { day: 'numeric', month: 'short' }).format(ms);
    case TICK.TimeWithSeconds:
      return format(locale, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }).format(ms);
    default:
      return format(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
  }
}

/** Crosshair label: date and time in London. */
export function londonDateTime(timeSec: number, locale: string): string {
  return format(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(timeSec * 1000);
}
