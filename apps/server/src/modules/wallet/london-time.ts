import { zoneOffsetMs } from '@meridian/domain';

// Kept apart so it can give way to the shared London-time formatter in @meridian/i18n (issue 28).
const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd HH:mm:ss in London time (the product's display zone, spec §9). */
export function londonText(d: Date): string {
  const t = new Date(d.getTime() + zoneOffsetMs(d.getTime()));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}
