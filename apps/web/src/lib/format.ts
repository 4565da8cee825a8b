/** Display formatting. Money arrives as decimal strings and is never turned into a float. */

/** 1234567.5 → "1,234,567.50"-style grouping of a decimal string, without float arithmetic. */
export function groupDecimal(value: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(value.trim());
  if (!match) return value;
  const [, sign = '', int = '', frac = ''] = match;
  return `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac}`;
}

/** A price at the instrument precision (prices are display data, DESIGN §2). */
export function formatPrice(value: number, precision: number): string {
  if (!Number.isFinite(value)) return '--';
  return value.toFixed(Math.max(0, Math.min(10, precision)));
}

/** Percent change with sign: 0.5312 → "+0.53%". */
export function formatChange(change: number): string {
  if (!Number.isFinite(change)) return '--';
  const fixed = Math.abs(change).toFixed(2);
  if (Number(fixed) === 0) return '0.00%';
  return `${change > 0 ? '+' : '-'}${fixed}%`;
}

export type Trend = 'up' | 'down' | 'flat';
export const trendOf = (change: number): Trend =>
  Math.abs(change) < 0.005 ? 'flat' : change > 0 ? 'up' : 'down';
