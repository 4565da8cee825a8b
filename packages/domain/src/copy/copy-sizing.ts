import { compareScaled, pow10, type Scaled } from '../exact/scaled.ts';

/**
 * How big a follower's copy of a provider's position is. Lots are exact scaled integers and the
 * equity ratio is kept as one rational (numerator / denominator in BigInt) rounded once, down to
 * the lot step: a copy is never larger than the follower's share of the provider's position, so a
 * rounding can never put more of the follower's money at risk than they chose.
 */
export const COPY_SIZING = { EQUITY_RATIO: 1, FIXED_MULTIPLIER: 2 } as const;
export type CopySizing = 1 | 2;

export interface CopySizeInput {
  /** The provider's position size in lots. */
  providerLots: Scaled;
  sizing: CopySizing;
  /**
   * FIXED_MULTIPLIER: copy = providerLots × multiplier. EQUITY_RATIO: applied on top of the ratio
   * (1 = the plain ratio).
   */
  multiplier: Scaled;
  /** The copy allocation's equity. */
  followerEquityMicros: number;
  /** The provider account's equity at that moment. */
  providerEquityMicros: number;
  /** Lots must be a whole multiple of this (e.g. 0.01); > 0. */
  lotStep: Scaled;
  /** The instrument's minimum per order. */
  minLots: Scaled;
  /** The follower's cap per copy; null = none. */
  maxLotsPerCopy: Scaled | null;
  /** The instrument's maximum per order; null = none. */
  instrumentMaxLots: Scaled | null;
}

export type CopySizeResult =
  | { ok: true; lots: Scaled }
  | { ok: false; reason: 'provider_equity_not_positive' | 'follower_equity_not_positive' | 'below_min_lots' };

/**
 * The copy's size in lots.
 * - EQUITY_RATIO: providerLots × followerEquity / providerEquity × multiplier.
 * - FIXED_MULTIPLIER: providerLots × multiplier (the equities only gate: no money, no copy).
 * The exact value is rounded down to a whole number of lot steps, then capped at the smaller of
 * the follower's and the instrument's maximum (each rounded down to the step, so the answer is
 * always tradeable). A result of 0 lots or below `minLots` is refused (`below_min_lots`): the copy
 * is skipped rather than rounded up, which would risk more than the follower's share.
 * Malformed input (a step ≤ 0, negative lots, multiplier or caps, equities that are not safe
 * integers, an unknown sizing) is a programming error and throws a RangeError.
 */
export function copyLots(input: CopySizeInput): CopySizeResult {
  const { providerLots, multiplier, lotStep, minLots, followerEquityMicros, providerEquityMicros } = input;
  checkMicros(followerEquityMicros, 'followerEquityMicros');
  checkMicros(providerEquityMicros, 'providerEquityMicros');
  if (lotStep.n <= 0n) throw new RangeError('lotStep must be positive');
  for (const [name, v] of [
    ['providerLots', providerLots],
    ['multiplier', multiplier],
    ['minLots', minLots],
    ['maxLotsPerCopy', input.maxLotsPerCopy],
    ['instrumentMaxLots', input.instrumentMaxLots],
  ] as const) {
    if (v !== null && v.n < 0n) throw new RangeError(`${name} must not be negative`);
  }
  if (input.sizing !== COPY_SIZING.EQUITY_RATIO && input.sizing !== COPY_SIZING.FIXED_MULTIPLIER) {
    throw new RangeError(`unknown copy sizing ${String(input.sizing)}`);
  }
  if (input.sizing === COPY_SIZING.EQUITY_RATIO && providerEquityMicros <= 0) {
    return { ok: false, reason: 'provider_equity_not_positive' };
  }
  if (followerEquityMicros <= 0) return { ok: false, reason: 'follower_equity_not_positive' };

  // The copy as a count of lot steps: (lots value) / (step value), all scales cleared into one
  // fraction so the only rounding is the final floor. Every factor is ≥ 0, so BigInt's truncating
  // division is the floor.
  let num = providerLots.n * multiplier.n * pow10(lotStep.s);
  let den = pow10(providerLots.s + multiplier.s) * lotStep.n;
  if (input.sizing === COPY_SIZING.EQUITY_RATIO) {
    num *= BigInt(followerEquityMicros);
    den *= BigInt(providerEquityMicros);
  }
  let steps = num / den;
  for (const cap of [input.maxLotsPerCopy, input.instrumentMaxLots]) {
    if (cap === null) continue;
    const capSteps = stepsIn(cap, lotStep);
    if (capSteps < steps) steps = capSteps;
  }
  const lots = canonical(steps * lotStep.n, lotStep.s);
  if (lots.n === 0n || compareScaled(lots, minLots) < 0) return { ok: false, reason: 'below_min_lots' };
  return { ok: true, lots };
}

/** How many whole steps fit in `v` (≥ 0): floor(v / step). */
function stepsIn(v: Scaled, step: Scaled): bigint {
  return (v.n * pow10(step.s)) / (step.n * pow10(v.s));
}

/** The smallest scale that holds the value: 0.50 → 0.5, 2.00 → 2 (as `parseScaled` gives). */
function canonical(n: bigint, s: number): Scaled {
  if (n === 0n) return { n: 0n, s: 0 };
  while (s > 0 && n % 10n === 0n) {
    n /= 10n;
    s--;
  }
  return { n, s };
}

function checkMicros(v: number, name: string): void {
  if (!Number.isSafeInteger(v)) throw new RangeError(`${name} must be a safe integer, got ${v}`);
}
