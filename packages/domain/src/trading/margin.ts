import { type Money, type MoneyInput, money } from '../money.ts';
import { type ConversionError, type RateSource, toUsd } from './conversion.ts';
import { type InstrumentTerms, isFixedMargin, leverageDecimal } from './instrument-terms.ts';
import { type TradingResult, tradingOk } from './result.ts';
import { toLedgerAmount } from './rounding.ts';

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

/**
 * Margin per DESIGN §4 (spec §9 corrected for non-USD quote currencies, as MetaTrader does):
 * - fixed mode (1): `qty × contractSize` units of the quote currency, whatever the price or
 *   leverage (XAGUSD 1 lot = 5 000 USD); the leverage option only lets an order be placed;
 * - leverage mode: `qty × contractSize × price ÷ leverage` in the quote currency;
 * - leverage mode with USD as base (USDJPY): `qty × contractSize ÷ leverage` USD directly, since the
 *   notional is already dollars and converting JPY back at a different rate would only add noise;
 * then converted to USD at the current mid (conversion.ts) and rounded once.
 */
export function computeMargin(
  input: MarginInput,
  rates: RateSource,
): TradingResult<MarginFigures, ConversionError> {
  const { terms } = input;
  const quantity = money(input.quantity);
  if (quantity.isNegative()) throw new RangeError('quantity must not be negative');
  const units = quantity.times(money(terms.contractSize));

  if (isFixedMargin(terms)) return finish(units, terms.quoteCurrency, rates);

  const leverage = leverageDecimal(input.leverage);
  if (terms.baseCurrency === 'USD') return finish(units.div(leverage), 'USD', rates);

  const price = money(input.price);
  if (!price.gt(0)) throw new RangeError('price must be positive');
  return finish(units.times(price).div(leverage), terms.quoteCurrency, rates);
}

function finish(
  amount: Money,
  currency: string,
  rates: RateSource,
): TradingResult<MarginFigures, ConversionError> {
  const usd = toUsd(amount, currency, rates);
  if (!usd.ok) return usd;
  return tradingOk({ usd: toLedgerAmount(usd.value), amount, currency });
}
