import { divRound, pow10, type Scaled } from '../exact/scaled.ts';
import { type Money, type MoneyInput, scaledOf } from '../money.ts';
import { microsToMoney } from './margin.ts';

/** Base settings `trade_fee_type` (spec §3/§9): 1 per lot, anything else a share of margin. */
export const TRADE_FEE_TYPE = { PER_LOT: 1, ON_MARGIN: 2 } as const;

export interface FeeInput {
  readonly feeType: number;
  readonly feeRate: MoneyInput; // ForexFeeRate of the terms the order opens with
  readonly quantity: MoneyInput; // lots
  /** The margin actually reserved (USD, already rounded), so the fee is reproducible from stored figures. */
  readonly margin: MoneyInput;
}

/**
 * Spec §9: type 1 → `qty × feeRate` (a USD commission per lot); otherwise `margin × feeRate` (USD,
 * as the margin is). Charged once when the position opens, as its own ledger entry (DESIGN §4).
 * Rounded like every ledger figure: 6 decimals half-even, in micro-dollars. Never negative.
 */
export function feeExact(feeType: number, feeRate: Scaled, quantity: Scaled, margin: Scaled): bigint {
  if (feeRate.n < 0n || quantity.n < 0n || margin.n < 0n)
    throw new RangeError('fee inputs must not be negative');
  const base = feeType === TRADE_FEE_TYPE.PER_LOT ? quantity : margin;
  return divRound(base.n * feeRate.n * 1_000_000n, pow10(base.s + feeRate.s), 'half_even');
}

/** `feeExact` for decimal inputs (the client's preview), answered as Money. */
export function computeFee(input: FeeInput): Money {
  return microsToMoney(
    feeExact(input.feeType, scaledOf(input.feeRate), scaledOf(input.quantity), scaledOf(input.margin)),
  );
}
