import { groupDecimal as groupDecimalIn } from '@meridian/i18n';
import dayjs from 'dayjs';

/** Display formatting. Money arrives as decimal strings and is never turned into a float. */

/** Shown where a value does not exist (a null queue, no inviter, an open position's close time). */
export const DASH = '—';

/** "1234567.5" → "1,234,567.5": grouping of a decimal string, without float arithmetic (English marks). */
export function groupDecimal(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return DASH;
  return groupDecimalIn(value, 'en');
}

/** Sign of a decimal string: -1, 0 or 1 (for colouring profit), without parsing it as a float. */
export function signOf(value: string | null | undefined): -1 | 0 | 1 {
  const v = (value ?? '').trim();
  if (!/^[+-]?\d+(\.\d+)?$/.test(v)) return 0;
  if (/^[+-]?0+(\.0+)?$/.test(v)) return 0;
  return v.startsWith('-') ? -1 : 1;
}

/** An ISO time as local `YYYY-MM-DD HH:mm:ss`; DASH for none. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return DASH;
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : value;
}

export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined) return DASH;
  return groupDecimal(String(value));
}
