import { type Money, type MoneyInput, money } from '../money.ts';
import { type ConversionError, type RateSource, toUsd } from './conversion.ts';
import type { InstrumentTerms } from './instrument-terms.ts';
import { closePriceOf, type TradeQuote } from './quote.ts';
import { type TradingResult, tradingOk } from './result.ts';
import { toLedgerAmount } from './rounding.ts';
import { type Side, sideSign } from './side.ts';

export interface PositionForProfit {
  readonly terms: Pick<InstrumentTerms, 'contractSize' | 'quoteCurrency'>;
  readonly side: Side;
  readonly openPrice: MoneyInput;
  readonly quantity: MoneyInput;
}

export interface ProfitFigures {
  /** USD, 6 decimals half-even: what a close credits (or debits) to balance. */
  readonly usd: Money;
  /** `(close − open) × qty × contractSize × sign` in the quote currency, exact. */
  readonly amount: Money;
  readonly currency: string;
}

/**
 * DESIGN §4: `(close − open) × qty × contractSize`, + for a buy and − for a sell, in the quote
 * currency, converted to USD at the current mid (conversion.ts), rounded once.
 * `closePrice` is the close-side price: the bid for a buy, the ask for a sell (see `markToMarket`).
 */
export function computeProfit(
  position: PositionForProfit,
  closePrice: MoneyInput,
  rates: RateSource,
): TradingResult<ProfitFigures, ConversionError> {
  const quantity = money(position.quantity);
  if (quantity.isNegative()) throw new RangeError('quantity must not be negative');
  const amount = money(closePrice)
    .minus(money(position.openPrice))
    .times(quantity)
    .times(money(position.terms.contractSize))
    .times(sideSign(position.side));
  const usd = toUsd(amount, position.terms.quoteCurrency, rates);
  if (!usd.ok) return usd;
  return tradingOk({ usd: toLedgerAmount(usd.value), amount, currency: position.terms.quoteCurrency });
}

/** Floating profit of an open position at a quote: buy marks at the bid, sell at the ask. */
export const markToMarket = (
  position: PositionForProfit,
  quote: Pick<TradeQuote, 'bid' | 'ask'>,
  rates: RateSource,
): TradingResult<ProfitFigures, ConversionError> =>
  computeProfit(position, closePriceOf(position.side, quote), rates);
