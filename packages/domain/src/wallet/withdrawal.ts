import { Money, type MoneyInput, money } from '../money.ts';

/** How a withdrawal currency charges (spec §9): 1 a fixed USD fee, 2 a rate on the amount. */
export type WithdrawalFeeType = 1 | 2;

export interface WithdrawalTerms {
  feeType: number;
  /** fee type 1: the fee in USD; 2: the rate (0.01 = 1 %). */
  drawRate: MoneyInput;
  /** Units of the currency received per USD. */
  usdPrice: MoneyInput;
}

export interface WithdrawalQuote {
  amount: Money;
  /** USD, 2 decimals, rounded up (the broker never charges less than its rate). */
  fee: Money;
  /** In the currency: (amount − fee) × usd_price, 2 decimals, floored, never below 0 (spec §9). */
  received: Money;
}

/**
 * Amounts a user types (deposits and withdrawals): digits with at most 2 decimals, above 0 and below
 * a billion USD (exactly, never via a float). The cap keeps every account figure far inside what the
 * engine holds exactly (2^53 micro-dollars, ~9 billion USD): a larger deposit was accepted here and
 * then failed at approval.
 */
export function parseWithdrawalAmount(text: string): Money | null {
  const t = text.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return null;
  const m = money(t);
  return m.gt(0) ? m : null;
}

/**
 * The fee and the received amount of a withdrawal (spec §9), shared by the withdraw screen's
 * preview and the server: fee type 1 is draw_rate in USD; otherwise amount × draw_rate, rounded up
 * to the cent; received = (amount − fee) × usd_price, floored to 2 decimals, at least 0.
 */
export function quoteWithdrawal(amount: MoneyInput, terms: WithdrawalTerms): WithdrawalQuote {
  const a = money(amount);
  const rate = money(terms.drawRate);
  const fee = (terms.feeType === 1 ? rate : a.times(rate)).toDecimalPlaces(2, Money.ROUND_UP);
  const net = a.minus(fee);
  const received = net.isNegative()
    ? money('0')
    : net.times(money(terms.usdPrice)).toDecimalPlaces(2, Money.ROUND_FLOOR);
  return { amount: a, fee, received };
}
