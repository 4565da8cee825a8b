/**
 * Times on screen in London time, whatever the device's zone: the chart's axis (spec §9), the
 * account history and the deposit and withdrawal records the server writes are all London wall
 * clock, so an order's open and close times are too (a trade at 08:17 sits on the 08:17 candle, as
 * a broker's server time does in MetaTrader). Western digits, 24 hours.
 */
const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  numberingSystem: 'latn',
  calendar: 'gregory',
});

/** An instant as London 'YYYY-MM-DD HH:mm:ss'. */
export function londonDateTime(ms: number): string {
  const part: Record<string, string> = {};
  for (const p of LONDON.formatToParts(ms)) part[p.type] = p.value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/** An ISO time as London 'YYYY-MM-DD HH:mm:ss'; a text that is not one as is; empty as '--'. */
export function londonTimeText(text: string | null | undefined): string {
  if (!text) return '--';
  if (!/T/.test(text)) return text; // already 'yyyy-MM-dd HH:mm:ss' (the server's London text)
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text : londonDateTime(ms);
}
