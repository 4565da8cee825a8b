/**
 * Times in London wall clock, whatever the machine's zone (spec §9): the chart's axis, the account
 * history and the deposit and withdrawal records the server writes, and the times the trader's app
 * shows. Western digits and the Gregorian calendar in every language (DECISIONS "Numbers on
 * screen"): Persian would otherwise get Persian digits and the Solar Hijri year, Thai the Buddhist
 * year.
 */
export const LONDON_TIME_ZONE = 'Europe/London';

const formats = new Map<string, Intl.DateTimeFormat>();

/** A date format in London time for `locale` (British English when the locale is unknown), kept. */
export function londonFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    const fixed = { ...options, timeZone: LONDON_TIME_ZONE, numberingSystem: 'latn', calendar: 'gregory' };
    try {
      f = new Intl.DateTimeFormat(locale, fixed);
    } catch {
      f = new Intl.DateTimeFormat('en-GB', fixed);
    }
    formats.set(key, f);
  }
  return f;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

let dateTime: Intl.DateTimeFormat | undefined;

/** An instant (unix ms) as London 'YYYY-MM-DD HH:mm:ss', 24 hours. */
export function londonDateTime(ms: number): string {
  dateTime ??= londonFormat('en-GB', DATE_TIME); // kept: the server writes one per record
  const part: Record<string, string> = {};
  for (const p of dateTime.formatToParts(ms)) part[p.type] = p.value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/** An ISO time as London 'YYYY-MM-DD HH:mm:ss'; a text that is not one as is; empty as '--'. */
export function londonTimeText(text: string | null | undefined): string {
  if (!text) return '--';
  if (!/T/.test(text)) return text; // already 'yyyy-MM-dd HH:mm:ss' (the server's London text)
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text : londonDateTime(ms);
}
