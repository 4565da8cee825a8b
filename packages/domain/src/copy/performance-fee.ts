import { compareScaled, pow10, type Scaled, safeNumber, scaled } from '../exact/scaled.ts';

/**
 * The provider's share of a copy allocation's profit, charged only on new equity highs (a
 * high-water mark): a follower who lost and won back the same money pays nothing for the
 * recovery. The fee is rounded down to the micro-dollar (the follower is never charged more
 * than the rate), and the mark moves to the equity after the fee, so paying the fee does not
 * itself leave a gap that a later settlement would charge again.
 */

const MAX_FEE_PERCENT = scaled('50');

/** The provider's performance fee on new equity highs of one copy allocation (high-water mark). */
export function performanceFee(input: {
  equityMicros: number;
  highWaterMarkMicros: number;
  feePercent: Scaled;
}): { feeMicros: number; newHighWaterMarkMicros: number } {
  const { equityMicros, highWaterMarkMicros, feePercent } = input;
  checkMicros(equityMicros, 'equityMicros');
  checkMicros(highWaterMarkMicros, 'highWaterMarkMicros');
  if (feePercent.n < 0n || compareScaled(feePercent, MAX_FEE_PERCENT) > 0) {
    throw new RangeError('feePercent must be between 0 and 50');
  }
  // BigInt: the gain of two safe integers may itself be past 2^53.
  const equity = BigInt(equityMicros);
  const mark = BigInt(highWaterMarkMicros);
  if (equity <= mark) return { feeMicros: 0, newHighWaterMarkMicros: highWaterMarkMicros };
  // gain × percent / 100, percent = n / 10^s; all positive, so truncation is rounding down.
  const fee = ((equity - mark) * feePercent.n) / (100n * pow10(feePercent.s));
  // The fee is at most half the gain, so equity − fee stays above the old mark.
  return { feeMicros: safeNumber(fee), newHighWaterMarkMicros: safeNumber(equity - fee) };
}

function checkMicros(v: number, name: string): void {
  if (!Number.isSafeInteger(v)) throw new RangeError(`${name} must be a safe integer, got ${v}`);
}
