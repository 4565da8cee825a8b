import { type Money, type MoneyInput, money } from '../money.ts';
import { toLedgerAmount } from './rounding.ts';

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
 * Rounded like every ledger figure: 6 decimals half-even. Never negative.
 */
export function computeFee(input: FeeInput): Money {
  const rate = money(input.feeRate);
  const quantity = money(input.quantity);
  const margin = money(input.margin);
  if (rate.isNegative() || quantity.isNegative() || margin.isNegative())
    throw new RangeError('fee inputs must not be negative');
  const base = input.feeType === TRADE_FEE_TYPE.PER_LOT ? quantity : margin;
  return toLedgerAmount(base.times(rate));
}
