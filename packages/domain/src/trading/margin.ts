import { formatScaled, pow10, type Ratio, type Scaled } from '../exact/scaled.ts';
import { type Money, type MoneyInput, money, scaledOf } from '../money.ts';
import {
  type ConversionError,
  type ExactRateSource,
  exactRates,
  type RateSource,
  usdMicros,
} from './conversion.ts';
import { type ExactTerms, type InstrumentTerms, isFixedMargin } from './instrument-terms.ts';
import { type TradingResult, tradingOk } from './result.ts';
import { LEDGER_SCALE } from './rounding.ts';

export interface MarginInput {
  readonly terms: Pick<InstrumentTerms, 'contractSize' | 'marginMode' | 'baseCurrency' | 'quoteCurrency'>;
  readonly quantity: MoneyInput; // lots
  /** The price the position opens at: the fill price (ask for a buy, bid for a sell) or a pending target. */
  readonly price: MoneyInput;
  readonly leverage: number; // the multiple chosen from the instrument's options
}

export interface MarginFigures {
  /** What is moved out of balance: USD, 6 decimals half-even (see rounding.ts). */
  readonly usd: Money;
  /** The formula's own figure before conversion and rounding, and its currency. */
  readonly amount: Money;
  readonly currency: string;
}

/** The terms margin needs, parsed (the engine parses an instrument's terms once). */
export type ExactMarginTerms = Pick<
  ExactTerms,
  'contractSize' | 'marginMode' | 'baseCurrency' | 'quoteCurrency'
>;

export interface ExactMargin {
  /** USD in micro-dollars (6 decimals, half-even), what is moved out of balance. */
  readonly micros: bigint;
  /** The formula's own figure, exact, in `currency`. */
  readonly amount: Ratio;
  readonly currency: string;
}

function checkLeverage(leverage: number): bigint {
  // Leverage is a whole multiple (1:100 → 100); a float here is a bug, not a rounding question.
  if (!Number.isSafeInteger(leverage) || leverage <= 0)
    throw new RangeError(`leverage must be a positive whole number, not ${leverage}`);
  return BigInt(leverage);
}

/**
 * Margin per DESIGN §4 (spec §9 corrected for non-USD quote currencies, as MetaTrader does):
 * - fixed mode (1): `qty × contractSize` units of the quote currency, whatever the price or
 *   leverage (XAGUSD 1 lot = 5 000 USD); the leverage option only lets an order be placed;
 * - leverage mode: `qty × contractSize × price ÷ leverage` in the quote currency;
 * - leverage mode with USD as base (USDJPY): `qty × contractSize ÷ leverage` USD directly, since the
 *   notional is already dollars and converting JPY back at a different rate would only add noise;
 * then converted to USD at the current mid (conversion.ts) and rounded once, exactly.
 */
export function marginExact(
  terms: ExactMarginTerms,
  quantity: Scaled,
  price: Scaled,
  leverage: number,
  rates: ExactRateSource,
): TradingResult<ExactMargin, ConversionError> {
  if (quantity.n < 0n) throw new RangeError('quantity must not be negative');
  const cs = terms.contractSize;
  const units = quantity.n * cs.n;
  const unitsDen = pow10(quantity.s + cs.s);
  let amount: Ratio;
  let currency = terms.quoteCurrency;
  if (isFixedMargin(terms)) amount = { num: units, den: unitsDen };
  else {
    const lev = checkLeverage(leverage);
    if (terms.baseCurrency === 'USD') {
      amount = { num: units, den: unitsDen * lev };
      currency = 'USD';
    } else {
      if (price.n <= 0n) throw new RangeError('price must be positive');
      amount = { num: units * price.n, den: unitsDen * pow10(price.s) * lev };
    }
  }
  const usd = usdMicros(amount, currency, rates);
  if (!usd.ok) return usd;
  return tradingOk({ micros: usd.value, amount, currency });
}

/** `marginExact` for decimal inputs (the client's preview), answered as Money. */
export function computeMargin(
  input: MarginInput,
  rates: RateSource,
): TradingResult<MarginFigures, ConversionError> {
  const { terms } = input;
  const quantity = scaledOf(input.quantity);
  const fixed = isFixedMargin(terms) || terms.baseCurrency === 'USD';
  const r = marginExact(
    { ...terms, contractSize: scaledOf(terms.contractSize) },
    quantity,
    fixed ? { n: 1n, s: 0 } : scaledOf(input.price),
    input.leverage,
    exactRates(rates),
  );
  if (!r.ok) return r;
  return tradingOk(moneyFigures(r.value.micros, r.value.amount, r.value.currency));
}

/** Micro-dollars as Money (6 decimals). */
export const microsToMoney = (micros: bigint): Money => money(formatScaled(micros, LEDGER_SCALE));

/** An exact figure (micro-dollars, and the formula's own ratio) as the Money the adapters answer. */
export const moneyFigures = (micros: bigint, amount: Ratio, currency: string) => ({
  usd: microsToMoney(micros),
  amount: money(amount.num).div(money(amount.den)),
  currency,
});
