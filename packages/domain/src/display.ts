/**
 * Display helpers shared by server and client. Prices are display data (DESIGN §2): rounding a
 * number to the instrument precision via its decimal string avoids 1.005-style float artefacts.
 */
export function roundPrice(value: number, precision: number): number {
  return Number(`${Math.round(Number(`${value}e${precision}`))}e-${precision}`);
}

export function formatPrice(value: number, precision: number): string {
  return roundPrice(value, precision).toFixed(precision);
}

/** Percent change from `open` to `close`, 2 decimals (0.53 means +0.53 %). */
export function percentChange(open: number, close: number): number {
  if (open === 0) return 0;
  return roundPrice(((close - open) / open) * 100, 2);
}

/** Hides a balance behind the personal centre's eye toggle. */
export const maskAmount = (text: string) => (text ? '****' : text);
