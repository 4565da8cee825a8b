import { pow10, type Ratio, roundRatio, type Scaled } from '../exact/scaled.ts';
import { type Money, type MoneyInput, money, scaledOf } from '../money.ts';
import { type TradingResult, tradingErr, tradingOk } from './result.ts';

export const ACCOUNT_CURRENCY = 'USD';

/**
 * The current quote of a currency against USD, as the market quotes it: `XXX/USD` (EURUSD, GBPUSD:
 * USD per unit of XXX) or `USD/XXX` (USDJPY, USDCHF: units of XXX per USD).
 */
export interface UsdRate {
  readonly pair: 'XXX/USD' | 'USD/XXX';
  readonly bid: MoneyInput;
  readonly ask: MoneyInput;
}

/** Current rate of `currency` against USD, or null when the platform quotes no such pair. */
export type RateSource = (currency: string) => UsdRate | null;

export interface ConversionError {
  readonly code: 'CONVERSION_RATE_UNKNOWN' | 'CONVERSION_RATE_INVALID';
  readonly currency: string;
}

export type ConversionResult = TradingResult<Money, ConversionError>;

/** A rate as exact scaled integers (the engine's form: parsed once per quote, not per order). */
export interface ExactRate {
  readonly pair: UsdRate['pair'];
  readonly bid: Scaled;
  readonly ask: Scaled;
}

export type ExactRateSource = (currency: string) => ExactRate | null;

/** A RateSource (decimal texts) read as exact rates. */
export const exactRates =
  (rates: RateSource): ExactRateSource =>
  (currency) => {
    const r = rates(currency);
    return r === null ? null : { pair: r.pair, bid: scaledOf(r.bid), ask: scaledOf(r.ask) };
  };

const ONE: Ratio = { num: 1n, den: 1n };

/**
 * USD per unit of `currency`, exactly, at the MID of its USD pair (USD → 1).
 * Conversion side: the mid, always, for margin, fee and profit alike. Why mid and not the
 * broker-favourable side:
 * - the spread is already charged once, on the traded instrument itself (buy opens at the ask and
 *   closes at the bid, DESIGN §4); taking the conversion pair's spread too would charge it twice;
 * - a side that depends on the sign (loss at the ask, profit at the bid, as MetaTrader 5 does) makes
 *   USD profit non-linear: a buy would no longer be exactly minus the sell at the same prices, and a
 *   round trip USD → XXX → USD would lose money to nobody in particular;
 * - margin converted at mid stays exactly proportional to quantity, so two half orders reserve what
 *   one whole order does (up to the 6-decimal rounding).
 * DESIGN §4 asks for conversion 'at the current rate': the mid is the rate; the caller supplies the
 * current quote (at the tick that opens, marks or closes the position).
 */
export function usdPerUnitExact(
  currency: string,
  rates: ExactRateSource,
): TradingResult<Ratio, ConversionError> {
  if (currency === ACCOUNT_CURRENCY) return tradingOk(ONE);
  const rate = rates(currency);
  if (rate === null) return tradingErr({ code: 'CONVERSION_RATE_UNKNOWN', currency });
  const s = Math.max(rate.bid.s, rate.ask.s);
  const bid = rate.bid.s === s ? rate.bid.n : rate.bid.n * pow10(s - rate.bid.s);
  const ask = rate.ask.s === s ? rate.ask.n : rate.ask.n * pow10(s - rate.ask.s);
  // A crossed or non-positive quote would turn into a silent wrong amount; refuse it instead.
  if (bid <= 0n || ask <= 0n || bid > ask) return tradingErr({ code: 'CONVERSION_RATE_INVALID', currency });
  // mid = (bid + ask) / (2 · 10^s)
  const twice = 2n * pow10(s);
  return tradingOk(rate.pair === 'XXX/USD' ? { num: bid + ask, den: twice } : { num: twice, den: bid + ask });
}

/** An exact amount of `currency` in USD at the mid, rounded once to 6 decimals half-even (micro-dollars). */
export function usdMicros(
  amount: Ratio,
  currency: string,
  rates: ExactRateSource,
): TradingResult<bigint, ConversionError> {
  const f = usdPerUnitExact(currency, rates);
  if (!f.ok) return f;
  return tradingOk(
    roundRatio({ num: amount.num * f.value.num, den: amount.den * f.value.den }, 6, 'half_even'),
  );
}

const perUnit = (currency: string, rates: RateSource) => usdPerUnitExact(currency, exactRates(rates));

/** USD value of one unit of `currency` at the mid (USD → 1). Unrounded (40 digits). */
export function usdPerUnit(currency: string, rates: RateSource): ConversionResult {
  const r = perUnit(currency, rates);
  if (!r.ok) return r;
  return tradingOk(money(r.value.num).div(money(r.value.den)));
}

/**
 * `amount` of `currency` in USD at the current mid, unrounded (40 significant digits): the caller
 * rounds once, at the figure it stores. XXX/USD multiplies, USD/XXX divides.
 */
export function toUsd(amount: MoneyInput, currency: string, rates: RateSource): ConversionResult {
  const value = money(amount);
  const r = perUnit(currency, rates);
  if (!r.ok) return r;
  return tradingOk(value.times(money(r.value.num)).div(money(r.value.den)));
}

/** The inverse of `toUsd`: a USD amount in `currency` at the same mid, unrounded. */
export function fromUsd(usd: MoneyInput, currency: string, rates: RateSource): ConversionResult {
  const value = money(usd);
  const r = perUnit(currency, rates);
  if (!r.ok) return r;
  return tradingOk(value.times(money(r.value.den)).div(money(r.value.num)));
}

/** Any currency to any other, crossing through USD (EUR → JPY = EUR → USD → JPY). Unrounded. */
export function convertCurrency(
  amount: MoneyInput,
  from: string,
  to: string,
  rates: RateSource,
): ConversionResult {
  if (from === to) return tradingOk(money(amount));
  const usd = toUsd(amount, from, rates);
  if (!usd.ok) return usd;
  return fromUsd(usd.value, to, rates);
}

/** A quoted pair as the market holds it (an instrument's currencies and its current bid/ask). */
export interface QuotedPair {
  readonly baseCurrency: string;
  readonly quoteCurrency: string;
  readonly bid: MoneyInput;
  readonly ask: MoneyInput;
}

/**
 * A RateSource over the platform's own quotes: EURUSD gives EUR, USDJPY gives JPY. Only direct
 * pairs against USD count; a currency with no USD pair (HKD in the seeds) stays unknown and the
 * order that needs it is refused rather than priced through a guess. When both directions exist the
 * first one seen wins (the caller passes majors first).
 */
export function rateSourceFromQuotes(pairs: Iterable<QuotedPair>): RateSource {
  const byCurrency = new Map<string, UsdRate>();
  for (const p of pairs) {
    if (p.quoteCurrency === ACCOUNT_CURRENCY && p.baseCurrency !== ACCOUNT_CURRENCY) {
      if (!byCurrency.has(p.baseCurrency))
        byCurrency.set(p.baseCurrency, { pair: 'XXX/USD', bid: p.bid, ask: p.ask });
    } else if (p.baseCurrency === ACCOUNT_CURRENCY && p.quoteCurrency !== ACCOUNT_CURRENCY) {
      if (!byCurrency.has(p.quoteCurrency))
        byCurrency.set(p.quoteCurrency, { pair: 'USD/XXX', bid: p.bid, ask: p.ask });
    }
  }
  return (currency) => byCurrency.get(currency) ?? null;
}
