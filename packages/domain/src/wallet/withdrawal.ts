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
  /** In the currency: (amount − fee) × usd_price, floored to `receivedDecimals`, never below 0. */
  received: Money;
  /** 2 (spec §9) or more for a currency whose cent is worth more than USD 0.05 (BTC 7, ETH 5). */
  receivedDecimals: number;
}

/** The most one step of a received amount may be worth, in USD (what the floor may keep back). */
const MAX_STEP_USD = money('0.05');
const MAX_RECEIVED_DECIMALS = 8;

/**
 * Decimals a withdrawal is paid in, for a currency of `usdPrice` units per USD: the spec's 2, or
 * as many as keep one step worth at most USD 0.05. Two decimals of BTC are steps of ~USD 1 000
 * (a USD 999 withdrawal received 0.00 BTC): paying them out is a deliberate correction of spec §9's
 * '2 decimals', which holds for USD, stablecoins and currencies like them.
 */
export function receivedDecimals(usdPrice: MoneyInput): number {
  const price = money(usdPrice);
  if (!price.gt(0)) return 2;
  let decimals = 2;
  let step = money('0.01'); // 10^-decimals of a unit, worth step ÷ price USD
  while (decimals < MAX_RECEIVED_DECIMALS && step.div(price).gt(MAX_STEP_USD)) {
    decimals++;
    step = step.div(10);
  }
  return decimals;
}

/** A received amount as shown and answered: at least 2 decimals, no trailing zeros beyond them. */
export function receivedText(received: MoneyInput): string {
  const m = money(received);
  return m.decimalPlaces() > 2 ? m.toFixed() : m.toFixed(2);
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
 * to the cent; received = (amount − fee) × usd_price, floored to the currency's decimals
 * (`receivedDecimals`: 2 for USD-like currencies), at least 0.
 */
export function quoteWithdrawal(amount: MoneyInput, terms: WithdrawalTerms): WithdrawalQuote {
  const a = money(amount);
  const rate = money(terms.drawRate);
  const fee = (terms.feeType === 1 ? rate : a.times(rate)).toDecimalPlaces(2, Money.ROUND_UP);
  const net = a.minus(fee);
  const decimals = receivedDecimals(terms.usdPrice);
  const received = net.isNegative()
    ? money('0')
    : net.times(money(terms.usdPrice)).toDecimalPlaces(decimals, Money.ROUND_FLOOR);
  return { amount: a, fee, received, receivedDecimals: decimals };
}
