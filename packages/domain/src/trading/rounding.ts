import { Money } from '../money.ts';

/**
 * One rounding rule for every figure that enters the ledger (margin, fee, realised profit):
 * 6 decimals, half-even.
 * - 6 decimals: the ledger and the balance columns are NUMERIC(20,6), and margin is displayed with
 *   6 decimals (DESIGN §2), so the stored figure is exactly the displayed one.
 * - half-even: margin is a reservation returned exactly as it was taken, so its rounding neither
 *   earns nor loses anything; for fees and profit half-even is unbiased over many positions and is
 *   symmetric around zero, so a buy's profit is exactly minus the sell's at the same prices.
 * Intermediate values (conversion rates, unrounded amounts) keep the Money context's 40 digits.
 */
export const LEDGER_SCALE = 6;

export const toLedgerAmount = (d: Money): Money => d.toDecimalPlaces(LEDGER_SCALE, Money.ROUND_HALF_EVEN);

/** Percentages (risk rate, prepayment ratio) are shown with 2 decimals, half-even. */
export const toPercentText = (d: Money): string => d.toDecimalPlaces(2, Money.ROUND_HALF_EVEN).toFixed(2);
