import { parseScaled, pow10, type Scaled } from '@meridian/domain';
import { grownTo } from '../lib/typed-arrays.ts';

/** Up to this many digits a Number holds a decimal's units exactly (10^15 < 2^53). */
const SAFE_DIGITS = 15;
const GROW = 1024;

/**
 * Running sums of lot figures (the per-instrument open-lots limit: what one account holds or waits
 * for on one instrument), one per index, kept as columns: a count of 10^-scale units in a Number
 * while that is exact, and past 2^53 − 1 units a BigInt (exact, only slower). Updated in place on
 * every new and ended order.
 *
 * Columns rather than an object per sum: the engine's index is account slot × lanes + lane, so a
 * new order's limit check reads one number of a dense array instead of following a per-user record,
 * its array of tallies and the tally (three dependent reads of cold memory on a random account;
 * together ~7 % of the command mix's samples by line, ADR 0007 session 24).
 */
export class LotTallies {
  private units = new Float64Array(GROW);
  private scales = new Uint8Array(GROW);
  /** The sums past 2^53 − 1 units, by index (rare: a Number holds 9 billion lots at 6 decimals). */
  private readonly big = new Map<number, bigint>();

  get capacity() {
    return this.units.length;
  }

  /** Room for indexes below `n` (the new ones are zero). */
  ensure(n: number) {
    if (n <= this.units.length) return;
    let c = this.units.length;
    while (c < n) c *= 2;
    this.units = grownTo(this.units, c);
    this.scales = grownTo(this.scales, c);
  }

  /**
   * Moves every sum to a new place (`to(i)` for each index below `used`), in a fresh layout of
   * `capacity` zeros: the engine's layout changes when it meets more instruments than its stride.
   */
  relayout(capacity: number, used: number, to: (i: number) => number) {
    const units = new Float64Array(capacity);
    const scales = new Uint8Array(capacity);
    const big = [...this.big];
    this.big.clear();
    for (let i = 0; i < used; i++) {
      const j = to(i);
      units[j] = this.units[i]!;
      scales[j] = this.scales[i]!;
    }
    for (const [i, v] of big) this.big.set(to(i), v);
    this.units = units;
    this.scales = scales;
  }

  /** Every sum back to zero. */
  clear() {
    this.units.fill(0);
    this.scales.fill(0);
    this.big.clear();
  }

  /** Adds (sign 1) or takes away (sign −1) a lot figure given as its decimal text. */
  add(i: number, text: string, sign: 1 | -1) {
    if (!this.big.has(i) && this.addNumber(i, text, sign)) return;
    this.addBig(i, text, sign);
  }

  /** The sum as an exact scaled integer (the rules' form). */
  value(i: number): Scaled {
    return { n: this.big.get(i) ?? BigInt(this.units[i]!), s: this.scales[i]! };
  }

  /** The sum as a count of 10^−`unitScale` units while a Number holds it (−1 past that): the rules' fast path. */
  numberUnits(i: number): number {
    // The map is empty but for sums past 2^53 units: its size is the cheap test.
    return this.big.size === 0 || !this.big.has(i) ? this.units[i]! : -1;
  }

  unitScale(i: number): number {
    return this.scales[i]!;
  }

  isZero(i: number) {
    const b = this.big.get(i);
    return b === undefined ? this.units[i] === 0 : b === 0n;
  }

  /** The Number path; false (nothing changed) when a step would not be exact. */
  private addNumber(i: number, text: string, sign: 1 | -1): boolean {
    const len = text.length;
    let units = 0;
    let digits = 0;
    let scale = -1;
    for (let k = 0; k < len; k++) {
      const c = text.charCodeAt(k);
      if (c === 46 && scale < 0) scale = 0;
      else if (c >= 48 && c <= 57) {
        units = units * 10 + (c - 48);
        digits++;
        if (scale >= 0) scale++;
      } else return false; // a sign or anything else: the exact path decides (and refuses garbage)
    }
    // No digits, a bare point ("5.", ".5" has none before it) or too many digits: the exact path.
    if (digits === 0 || digits > SAFE_DIGITS || scale === 0 || text.charCodeAt(0) === 46) return false;
    if (scale < 0) scale = 0;
    let mine = this.units[i]!;
    let at = this.scales[i]!;
    if (scale > at) {
      mine *= 10 ** (scale - at);
      at = scale;
    } else if (scale < at) units *= 10 ** (at - scale);
    const next = mine + sign * units;
    // Each product and the sum are exact when they are safe integers (a rounded double past 2^53
    // is never one), and powers of ten are exact doubles up to 10^22.
    if (at > 22 || !Number.isSafeInteger(mine) || !Number.isSafeInteger(units) || !Number.isSafeInteger(next))
      return false;
    this.units[i] = next;
    this.scales[i] = at;
    return true;
  }

  private addBig(i: number, text: string, sign: 1 | -1) {
    const v = parseScaled(text);
    if (v === null) throw new RangeError(`not a lot figure: ${text}`);
    let mine = this.big.get(i) ?? BigInt(this.units[i]!);
    let at = this.scales[i]!;
    let n = v.n;
    if (v.s > at) {
      mine *= pow10(v.s - at);
      at = v.s;
    } else n *= pow10(at - v.s);
    // Past 255 decimals the scale column cannot hold it: such a text is no lot figure.
    if (at > 255) throw new RangeError(`not a lot figure: ${text}`);
    this.big.set(i, mine + (sign === 1 ? n : -n));
    this.units[i] = 0;
    this.scales[i] = at;
  }
}
