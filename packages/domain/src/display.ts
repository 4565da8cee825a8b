import { money } from './money.ts';

/**
 * Display helpers shared by server and client. Prices are display data (DESIGN §2): rounding a
 * number to the instrument precision via its decimal string avoids 1.005-style float artefacts.
 */
export function roundPrice(value: number, precision: number): number {
  return shiftDecimal(Math.round(shiftDecimal(value, precision)), -precision);
}

/**
 * value × 10^places through the number's decimal text. The text of a number below 1e-6 (or above
 * 1e21) is already exponential ('9.1e-7'): its exponent is moved, not appended to ('9.1e-7e8' is NaN).
 */
function shiftDecimal(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

export function formatPrice(value: number, precision: number): string {
  return roundPrice(value, precision).toFixed(precision);
}

/**
 * A stored decimal as text with at least `places` decimals, never cut: a price at the instrument's
 * precision ('1.1' at 5 → '1.10000') that keeps a finer recorded fill as it was (the precision was
 * lowered since), an amount in cents that keeps its micro-dollars ('-0.349509' at 2) where staff
 * must see the exact figure.
 */
export function decimalAtLeast(stored: string, places: number): string {
  const d = money(stored);
  return d.decimalPlaces() >= places ? d.toFixed() : d.toFixed(places);
}

/** Percent change from `open` to `close`, 2 decimals (0.53 means +0.53 %). */
export function percentChange(open: number, close: number): number {
  if (open === 0) return 0;
  return roundPrice(((close - open) / open) * 100, 2);
}

/** Hides a balance behind the personal centre's eye toggle. */
export const maskAmount = (text: string) => (text ? '****' : text);
