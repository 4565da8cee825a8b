import { addScaled, pow10, type Ratio, type Scaled } from '../exact/scaled.ts';
import { type Money, type MoneyInput, scaledOf } from '../money.ts';
import {
  type ConversionError,
  type ExactRateSource,
  exactRates,
  type RateSource,
  usdMicros,
} from './conversion.ts';
import type { InstrumentTerms } from './instrument-terms.ts';
import { moneyFigures } from './margin.ts';
import { closePriceOf, type TradeQuote } from './quote.ts';
import { type TradingResult, tradingOk } from './result.ts';
import type { Side } from './side.ts';

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

/** A position as the exact profit needs it (the engine keeps these parsed). */
export interface ExactPosition {
  readonly contractSize: Scaled;
  readonly quoteCurrency: string;
  readonly side: Side;
  readonly openPrice: Scaled;
  readonly quantity: Scaled;
}

/**
 * DESIGN §4: `(close − open) × qty × contractSize`, + for a buy and − for a sell, in the quote
 * currency, converted to USD at the current mid (conversion.ts), rounded once to micro-dollars.
 * `closePrice` is the close-side price: the bid for a buy, the ask for a sell.
 */
export function profitExact(
  p: ExactPosition,
  closePrice: Scaled,
  rates: ExactRateSource,
): TradingResult<{ micros: bigint; amount: Ratio }, ConversionError> {
  if (p.quantity.n < 0n) throw new RangeError('quantity must not be negative');
  const move = addScaled(closePrice, { n: -p.openPrice.n, s: p.openPrice.s });
  const signed = p.side === 'buy' ? move.n : -move.n;
  const amount: Ratio = {
    num: signed * p.quantity.n * p.contractSize.n,
    den: pow10(move.s + p.quantity.s + p.contractSize.s),
  };
  const usd = usdMicros(amount, p.quoteCurrency, rates);
  if (!usd.ok) return usd;
  return tradingOk({ micros: usd.value, amount });
}

/** `profitExact` for decimal inputs, answered as Money. */
export function computeProfit(
  position: PositionForProfit,
  closePrice: MoneyInput,
  rates: RateSource,
): TradingResult<ProfitFigures, ConversionError> {
  const r = profitExact(
    {
      contractSize: scaledOf(position.terms.contractSize),
      quoteCurrency: position.terms.quoteCurrency,
      side: position.side,
      openPrice: scaledOf(position.openPrice),
      quantity: scaledOf(position.quantity),
    },
    scaledOf(closePrice),
    exactRates(rates),
  );
  if (!r.ok) return r;
  return tradingOk(moneyFigures(r.value.micros, r.value.amount, position.terms.quoteCurrency));
}

/** Floating profit of an open position at a quote: buy marks at the bid, sell at the ask. */
export const markToMarket = (
  position: PositionForProfit,
  quote: Pick<TradeQuote, 'bid' | 'ask'>,
  rates: RateSource,
): TradingResult<ProfitFigures, ConversionError> =>
  computeProfit(position, closePriceOf(position.side, quote), rates);
