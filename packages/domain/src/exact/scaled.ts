/**
 * Exact decimals as scaled integers (ADR 0005): `1.25` is `{ n: 125n, s: 2 }`, a count of 10^-s.
 * The trading rules compute on these because the engine decides hundreds of thousands of orders a
 * second and decimal.js (parse a string, allocate a digit array per operation) costs tens of
 * microseconds per order; BigInt arithmetic is exact, allocation-light and about twenty times
 * faster. Money (decimal.js) stays for display and the client's adapters.
 *
 * A quotient that does not terminate is kept as a `Ratio` (numerator / denominator) and rounded
 * once, where a figure is stored: the rounding is the exact rational's, never a rounded
 * intermediate's.
 */
export interface Scaled {
  readonly n: bigint;
  readonly s: number;
}

/** An exact rational, denominator > 0. */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

export type Rounding = 'half_even' | 'down' | 'floor';

const POW10: bigint[] = [];
for (let i = 0; i <= 40; i++) POW10.push(10n ** BigInt(i));

export const pow10 = (k: number): bigint => POW10[k] ?? 10n ** BigInt(k);

const isDigit = (c: number) => c >= 48 && c <= 57;
/** Up to this many digits a Number holds the value exactly (10^15 < 2^53). */
const SAFE_DIGITS = 15;

/**
 * A plain decimal text (`-12.50`, no exponent, no spaces) as the smallest scale that holds it
 * exactly (`-12.5` → `{ n: -125n, s: 1 }`); null when the text is not one. The grammar is
 * `-?\d+(\.\d+)?`. Read character by character, and through a Number when it has at most 15
 * digits: the engine parses several of these per order (a regex and BigInt(text) cost ~2.5× more).
 */
export function parseScaled(text: string): Scaled | null {
  const len = text.length;
  const neg = len > 0 && text.charCodeAt(0) === 45;
  let i = neg ? 1 : 0;
  const intStart = i;
  while (i < len && isDigit(text.charCodeAt(i))) i++;
  const intEnd = i;
  if (intEnd === intStart) return null;
  let fracStart = intEnd;
  let fracEnd = intEnd;
  if (i < len) {
    if (text.charCodeAt(i) !== 46) return null;
    fracStart = ++i;
    while (i < len && isDigit(text.charCodeAt(i))) i++;
    if (i === fracStart || i !== len) return null;
    fracEnd = i;
    while (fracEnd > fracStart && text.charCodeAt(fracEnd - 1) === 48) fracEnd--;
  }
  const s = fracEnd - fracStart;
  let n: bigint;
  if (intEnd - intStart + s <= SAFE_DIGITS) {
    let v = 0;
    for (let k = intStart; k < intEnd; k++) v = v * 10 + (text.charCodeAt(k) - 48);
    for (let k = fracStart; k < fracEnd; k++) v = v * 10 + (text.charCodeAt(k) - 48);
    n = BigInt(v);
  } else {
    n = BigInt(text.slice(intStart, intEnd) + text.slice(fracStart, fracEnd));
  }
  return { n: neg ? -n : n, s };
}

/** Like `parseScaled` but a malformed text is a programming error (stored figures, terms). */
export function scaled(text: string): Scaled {
  const v = parseScaled(text);
  if (v === null) throw new RangeError(`not a decimal amount: ${text}`);
  return v;
}

/** `n` units of 10^-s as the shortest plain text (decimal.js `toFixed()`): 12.500000 → `12.5`. */
export function formatScaled(n: bigint, s: number): string {
  const neg = n < 0n;
  return shortest(neg, (neg ? -n : n).toString(), s);
}

/** 10^0 … 10^15 as Numbers (all exact doubles), for the safe-integer paths. */
export const POW10_NUMBERS: readonly number[] = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * `formatScaled` for a whole number held in a Number, as the engine keeps micro-dollars (ADR 0007):
 * exact while it is a safe integer, refused otherwise (a double past 2^53 has lost units).
 */
export function formatScaledNumber(n: number, s: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${n} is not a safe integer`);
  const neg = n < 0;
  const a = neg ? -n : n;
  if (s <= 0 || s > 15) return shortest(neg, String(a), s);
  // Whole part and fraction in Numbers (the engine formats a margin and a fee on every order; the
  // digit-string slicing was ~3 % of its command mix). 10^s is exact, and so is the quotient's
  // floor: a / p lies at least 1/p below the next whole number q + 1, while half an ulp of a
  // quotient below 2^53 / p is less than 1/p, so the division never rounds up to it.
  const p = POW10_NUMBERS[s]!;
  const q = Math.floor(a / p);
  let r = a - q * p;
  let text: string;
  if (r === 0) text = String(q);
  else {
    let places = s;
    while (r % 10 === 0) {
      r /= 10;
      places--;
    }
    const f = String(r);
    text = `${q}.${f.length < places ? '0'.repeat(places - f.length) + f : f}`;
  }
  return neg && a !== 0 ? `-${text}` : text;
}

/** The digits of |n| (no sign) as the shortest text at scale s, with the sign put back. */
function shortest(neg: boolean, digits: string, s: number): string {
  if (s > 0) {
    if (digits.length <= s) digits = '0'.repeat(s - digits.length + 1) + digits;
    const cut = digits.length - s;
    let end = digits.length;
    while (end > cut && digits.charCodeAt(end - 1) === 48) end--;
    digits = end > cut ? `${digits.slice(0, cut)}.${digits.slice(cut, end)}` : digits.slice(0, cut);
  }
  return neg && digits !== '0' ? `-${digits}` : digits;
}

/**
 * A BigInt as a Number when that is exact (|n| ≤ 2^53 − 1): the engine's hot path keeps money as
 * safe integers in Numbers (ADR 0007) and takes the domain's exact BigInt results through here.
 */
export function safeNumber(n: bigint): number {
  if (n > MAX_SAFE || n < -MAX_SAFE) throw new RangeError(`${n} is beyond what a Number holds exactly`);
  return Number(n);
}
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A value's count of 10^-s units as a Number when it is a non-negative safe integer; −1 otherwise. */
export const safeCount = (v: Scaled): number => (v.n < 0n || v.n > MAX_SAFE ? -1 : Number(v.n));

/** `n` units of 10^-s with exactly `places` decimals (≥ s): `toFixed(places)`. */
export function formatFixed(n: bigint, s: number, places: number): string {
  if (places < s) throw new RangeError('formatFixed would round; round first');
  const m = n * pow10(places - s);
  const neg = m < 0n;
  let digits = (neg ? -m : m).toString();
  if (places > 0) {
    if (digits.length <= places) digits = '0'.repeat(places - digits.length + 1) + digits;
    const cut = digits.length - places;
    digits = `${digits.slice(0, cut)}.${digits.slice(cut)}`;
  }
  return neg ? `-${digits}` : digits;
}

/** The value at scale `s` (≥ its own): exact. */
export function atScale(v: Scaled, s: number): bigint {
  if (s < v.s) throw new RangeError(`cannot hold ${formatScaled(v.n, v.s)} at ${s} decimals`);
  return s === v.s ? v.n : v.n * pow10(s - v.s);
}

export function compareScaled(a: Scaled, b: Scaled): -1 | 0 | 1 {
  let x = a.n;
  let y = b.n;
  if (a.s < b.s) x *= pow10(b.s - a.s);
  else if (b.s < a.s) y *= pow10(a.s - b.s);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function addScaled(a: Scaled, b: Scaled): Scaled {
  if (a.s === b.s) return { n: a.n + b.n, s: a.s };
  const s = Math.max(a.s, b.s);
  return { n: atScale(a, s) + atScale(b, s), s };
}

export const mulScaled = (a: Scaled, b: Scaled): Scaled => ({ n: a.n * b.n, s: a.s + b.s });

/** Whether `a` is a whole multiple of `step` (> 0). */
export function isMultipleOf(a: Scaled, step: Scaled): boolean {
  const s = Math.max(a.s, step.s);
  return atScale(a, s) % atScale(step, s) === 0n;
}

/** num / den rounded to an integer (den ≠ 0). */
export function divRound(num: bigint, den: bigint, mode: Rounding): bigint {
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const q = num / den; // truncates toward zero
  const r = num % den;
  if (r === 0n || mode === 'down') return q;
  const away = num < 0n ? q - 1n : q + 1n;
  if (mode === 'floor') return num < 0n ? away : q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < den) return q;
  if (twice > den) return away;
  return q % 2n === 0n ? q : away;
}

/** A ratio rounded to `places` decimals, as an integer count of 10^-places. */
export const roundRatio = (r: Ratio, places: number, mode: Rounding): bigint =>
  divRound(r.num * pow10(places), r.den, mode);

export const ratioOf = (v: Scaled): Ratio => ({ num: v.n, den: pow10(v.s) });

export const mulRatio = (a: Ratio, b: Ratio): Ratio => ({ num: a.num * b.num, den: a.den * b.den });
