import { addScaled, compareScaled, formatScaled, isMultipleOf, type Scaled } from '../exact/scaled.ts';
import { type Money, type MoneyInput, money, scaledOf } from '../money.ts';
import { type ExactRateSource, exactRates, type RateSource } from './conversion.ts';
import { feeExact } from './fee.ts';
import { type ExactTerms, exactTerms, type InstrumentTerms } from './instrument-terms.ts';
import { marginExact } from './margin.ts';
import { classifyPendingExact, type PendingKind } from './pending-orders.ts';
import {
  closeSideOf,
  type ExactQuote,
  exactQuote,
  isQuoteFresh,
  openSideOf,
  type TradeQuote,
} from './quote.ts';
import { type TradingResult, tradingErr, tradingOk } from './result.ts';
import { LEDGER_SCALE } from './rounding.ts';
import type { Side } from './side.ts';
import { checkStopSidesExact } from './stops.ts';
import { parseUserScaled } from './user-input.ts';

/** Why an order or a stop edit is refused; the server maps each code to a translated `msg`. */
export type OrderRejectionCode =
  | 'ORDER_MARKET_CLOSED'
  | 'ORDER_LEVERAGE_NOT_CONFIGURED' // spec §5 no_mult_config
  | 'ORDER_LEVERAGE_NOT_OFFERED'
  | 'ORDER_QUANTITY_REQUIRED'
  | 'ORDER_QUANTITY_INVALID' // not a plain decimal, or ≤ 0
  | 'ORDER_QUANTITY_BELOW_MIN'
  | 'ORDER_QUANTITY_NOT_STEP'
  | 'ORDER_QUANTITY_ABOVE_MAX'
  | 'ORDER_OPEN_LOTS_ABOVE_MAX'
  | 'ORDER_PRICE_REQUIRED' // spec §5 'enter price'
  | 'ORDER_PRICE_INVALID' // not a decimal, ≤ 0, or finer than the instrument's precision
  | 'ORDER_PRICE_AT_MARKET' // a pending target equal to the price it would fill at
  | 'ORDER_PRICE_UNAVAILABLE' // no quote, or a stale one (DESIGN §4)
  | 'ORDER_STOP_LOSS_INVALID'
  | 'ORDER_TAKE_PROFIT_INVALID'
  | 'ORDER_STOP_LOSS_WRONG_SIDE'
  | 'ORDER_TAKE_PROFIT_WRONG_SIDE'
  | 'ORDER_CONVERSION_UNAVAILABLE' // no USD rate for the quote currency
  | 'RISK_INSUFFICIENT_MARGIN';

export interface OrderRejection {
  readonly code: OrderRejectionCode;
  /** English detail for logs and tests; clients get the translated message of the code. */
  readonly detail: string;
  /** What the message names (the limit crossed), as decimal texts. */
  readonly params?: Readonly<Record<string, string>>;
}

/** The `submit` call's order fields (spec §3/§7), as text from the wire. */
export interface NewOrderRequest {
  readonly side: Side; // from `type` (OrderType 1 buy, other sell: sideOf)
  readonly kind: 'market' | 'pending'; // `status` 1 market, 0 pending
  readonly quantity: string | null | undefined; // `cont`, lots
  readonly leverage: number | string | null | undefined; // `multiple`
  readonly targetPrice?: string | null | undefined; // pending only
  readonly stopLoss?: string | null | undefined; // 0 or empty = none
  readonly takeProfit?: string | null | undefined; // 0 or empty = none
}

export interface OrderContext {
  readonly terms: InstrumentTerms;
  readonly marketOpen: boolean;
  readonly quote: TradeQuote | null;
  readonly nowMs: number;
  readonly maxQuoteAgeMs: number; // stale after this (a few of the instrument's tick intervals)
  readonly availableBalance: MoneyInput; // balance: cash not in use (DESIGN §3)
  readonly feeType: number; // base settings trade_fee_type
  readonly rates: RateSource;
  readonly openLots?: MoneyInput; // lots this account already holds on the instrument
}

export interface AcceptedOrder {
  readonly side: Side;
  readonly kind: 'market' | 'pending';
  readonly pendingKind: PendingKind | null;
  /** Fill price for a market order (ask / bid), target price for a pending one. */
  readonly price: Money;
  readonly quantity: Money;
  readonly leverage: number;
  readonly margin: Money; // USD, 6 decimals
  readonly fee: Money; // USD, 6 decimals
  readonly stopLoss: Money | null;
  readonly takeProfit: Money | null;
}

export type OrderCheck<T> = TradingResult<T, OrderRejection>;

const reject = (code: OrderRejectionCode, detail: string, params?: Record<string, string>) =>
  tradingErr<OrderRejection>(params ? { code, detail, params } : { code, detail });

/** The context of `checkNewOrder`: `OrderContext` with every decimal parsed (the engine's form). */
export interface ExactOrderContext {
  readonly terms: ExactTerms;
  readonly marketOpen: boolean;
  readonly quote: ExactQuote | null;
  readonly nowMs: number;
  readonly maxQuoteAgeMs: number;
  readonly availableBalance: Scaled;
  readonly feeType: number;
  readonly rates: ExactRateSource;
  readonly openLots: Scaled;
}

/** `AcceptedOrder` in exact form: prices and lots scaled, margin and fee in micro-dollars. */
export interface ExactAcceptedOrder {
  readonly side: Side;
  readonly kind: 'market' | 'pending';
  readonly pendingKind: PendingKind | null;
  readonly price: Scaled;
  readonly quantity: Scaled;
  readonly leverage: number;
  readonly marginMicros: bigint;
  readonly feeMicros: bigint;
  readonly stopLoss: Scaled | null;
  readonly takeProfit: Scaled | null;
}

const text = (v: Scaled) => formatScaled(v.n, v.s);
const ZERO: Scaled = { n: 0n, s: 0 };

/** A price field in the instrument's precision: null for 'not given'/0 when `zeroIsNone`. */
function parsePrice(
  input: unknown,
  precision: number,
  zeroIsNone: boolean,
): { kind: 'none' } | { kind: 'invalid'; why: string } | { kind: 'ok'; value: Scaled } {
  const parsed = parseUserScaled(input);
  if (parsed.kind === 'empty') return { kind: 'none' };
  if (parsed.kind === 'invalid') return { kind: 'invalid', why: 'not a decimal' };
  const value = parsed.value;
  if (zeroIsNone && value.n === 0n) return { kind: 'none' };
  if (value.n <= 0n) return { kind: 'invalid', why: zeroIsNone ? 'negative' : 'not positive' };
  if (value.s > precision) return { kind: 'invalid', why: `more than ${precision} decimals` };
  return { kind: 'ok', value };
}

/** The chosen multiple, if it is a whole number (text or number). */
function parseLeverage(input: number | string | null | undefined): number | null {
  if (typeof input === 'number') return Number.isSafeInteger(input) && input > 0 ? input : null;
  if (typeof input === 'string' && /^\d{1,9}$/.test(input.trim())) {
    const n = Number(input.trim());
    return n > 0 ? n : null;
  }
  return null;
}

/** Current quote, or why it cannot price anything (missing or stale). */
function freshQuote<Q extends { timeMs: number }>(ctx: {
  quote: Q | null;
  nowMs: number;
  maxQuoteAgeMs: number;
}): OrderCheck<Q> {
  if (ctx.quote === null) return reject('ORDER_PRICE_UNAVAILABLE', 'no quote for the instrument');
  if (!isQuoteFresh(ctx.quote, ctx.nowMs, ctx.maxQuoteAgeMs))
    return reject('ORDER_PRICE_UNAVAILABLE', `quote is ${ctx.nowMs - ctx.quote.timeMs} ms old`);
  return tradingOk(ctx.quote);
}

/** Stop loss and take profit fields: 0 or empty = none; negative, malformed or too fine = invalid. */
function parseStops(
  stopLossInput: unknown,
  takeProfitInput: unknown,
  precision: number,
): OrderCheck<{ stopLoss: Scaled | null; takeProfit: Scaled | null }> {
  const sl = parsePrice(stopLossInput, precision, true);
  if (sl.kind === 'invalid') return reject('ORDER_STOP_LOSS_INVALID', `stop loss ${sl.why}`);
  const tp = parsePrice(takeProfitInput, precision, true);
  if (tp.kind === 'invalid') return reject('ORDER_TAKE_PROFIT_INVALID', `take profit ${tp.why}`);
  return tradingOk({
    stopLoss: sl.kind === 'ok' ? sl.value : null,
    takeProfit: tp.kind === 'ok' ? tp.value : null,
  });
}

/**
 * A new order against DESIGN §4 and spec §5, first failure wins, in the order a trader fixes them:
 * market open → leverage configured and offered → quantity (given, ≥ minimum, whole steps, ≤ limits)
 * → target price (pending) → a fresh quote → pending kind → stop loss / take profit → margin + fee
 * covered by the available balance. 'Logged in' is the caller's check (it has the session).
 *
 * Stop sides: a pending order's stops are judged against its target. A market order's stops are
 * judged against the fill price (DESIGN §4) and also against the close-side price, so a stop loss
 * between bid and ask, which the first tick would hit and close at a spread's loss, is refused.
 * A stale quote refuses pending orders too: their kind (limit or stop) depends on the current price.
 */
export function checkNewOrder(
  request: NewOrderRequest,
  ctx: ExactOrderContext,
): OrderCheck<ExactAcceptedOrder> {
  const { terms } = ctx;
  if (!ctx.marketOpen) return reject('ORDER_MARKET_CLOSED', `${terms.code} is closed`);

  if (terms.leverageOptions.length === 0)
    return reject('ORDER_LEVERAGE_NOT_CONFIGURED', `${terms.code} has no leverage options`);
  const leverage = parseLeverage(request.leverage);
  if (leverage === null || !terms.leverageOptions.includes(leverage))
    return reject('ORDER_LEVERAGE_NOT_OFFERED', `leverage ${String(request.leverage)} is not offered`);

  const q = parseUserScaled(request.quantity);
  if (q.kind === 'empty') return reject('ORDER_QUANTITY_REQUIRED', 'quantity is empty');
  if (q.kind === 'invalid') return reject('ORDER_QUANTITY_INVALID', 'quantity is not a decimal');
  const quantity = q.value;
  if (quantity.n <= 0n) return reject('ORDER_QUANTITY_INVALID', 'quantity must be positive');
  if (compareScaled(quantity, terms.minLots) < 0)
    return reject('ORDER_QUANTITY_BELOW_MIN', `quantity ${text(quantity)} < minimum ${text(terms.minLots)}`);
  if (!isMultipleOf(quantity, terms.lotStep))
    return reject(
      'ORDER_QUANTITY_NOT_STEP',
      `quantity ${text(quantity)} is not a multiple of ${text(terms.lotStep)}`,
    );
  if (terms.maxLotsPerOrder !== undefined && compareScaled(quantity, terms.maxLotsPerOrder) > 0)
    return reject(
      'ORDER_QUANTITY_ABOVE_MAX',
      `quantity ${text(quantity)} > maximum ${text(terms.maxLotsPerOrder)}`,
      { max: text(terms.maxLotsPerOrder) },
    );
  if (
    terms.maxOpenLots !== undefined &&
    compareScaled(addScaled(ctx.openLots, quantity), terms.maxOpenLots) > 0
  )
    return reject('ORDER_OPEN_LOTS_ABOVE_MAX', `open lots would exceed ${text(terms.maxOpenLots)}`, {
      max: text(terms.maxOpenLots),
    });

  let target: Scaled | null = null;
  if (request.kind === 'pending') {
    const t = parsePrice(request.targetPrice, terms.pricePrecision, false);
    if (t.kind === 'none') return reject('ORDER_PRICE_REQUIRED', 'a pending order needs a target price');
    if (t.kind === 'invalid') return reject('ORDER_PRICE_INVALID', `target price ${t.why}`);
    target = t.value;
  }

  const fresh = freshQuote(ctx);
  if (!fresh.ok) return fresh;
  const quote = fresh.value;

  let pendingKind: PendingKind | null = null;
  if (target !== null) {
    pendingKind = classifyPendingExact(request.side, target, quote);
    if (pendingKind === null)
      return reject('ORDER_PRICE_AT_MARKET', 'target equals the current price; place a market order');
  }
  const price = target ?? openSideOf(request.side, quote);

  const stops = parseStops(request.stopLoss, request.takeProfit, terms.pricePrecision);
  if (!stops.ok) return stops;
  const { stopLoss, takeProfit } = stops.value;
  const sideError =
    checkStopSidesExact(request.side, price, stopLoss, takeProfit) ??
    (target === null
      ? checkStopSidesExact(request.side, closeSideOf(request.side, quote), stopLoss, takeProfit)
      : null);
  if (sideError !== null) return reject(sideError, `stops on the wrong side of ${text(price)}`);

  const margin = marginExact(terms, quantity, price, leverage, ctx.rates);
  if (!margin.ok)
    return reject(
      'ORDER_CONVERSION_UNAVAILABLE',
      `no USD rate for ${margin.error.currency} (${margin.error.code})`,
    );
  const marginMicros = margin.value.micros;
  const feeMicros = feeExact(ctx.feeType, terms.feeRate, quantity, { n: marginMicros, s: LEDGER_SCALE });
  const needed: Scaled = { n: marginMicros + feeMicros, s: LEDGER_SCALE };
  if (compareScaled(ctx.availableBalance, needed) < 0)
    return reject(
      'RISK_INSUFFICIENT_MARGIN',
      `needs ${text(needed)} (margin ${formatScaled(marginMicros, LEDGER_SCALE)} + fee ${formatScaled(feeMicros, LEDGER_SCALE)})`,
    );

  return tradingOk({
    side: request.side,
    kind: request.kind,
    pendingKind,
    price,
    quantity,
    leverage,
    marginMicros,
    feeMicros,
    stopLoss,
    takeProfit,
  });
}

const money6 = (micros: bigint) => money(formatScaled(micros, LEDGER_SCALE));
const moneyOf = (v: Scaled) => money(formatScaled(v.n, v.s));
const moneyOrNull = (v: Scaled | null) => (v === null ? null : moneyOf(v));

/** `checkNewOrder` for decimal inputs (tests, previews), answered as Money. */
export function validateNewOrder(request: NewOrderRequest, ctx: OrderContext): OrderCheck<AcceptedOrder> {
  const r = checkNewOrder(request, {
    terms: exactTerms(ctx.terms),
    marketOpen: ctx.marketOpen,
    quote: ctx.quote === null ? null : exactQuote(ctx.quote),
    nowMs: ctx.nowMs,
    maxQuoteAgeMs: ctx.maxQuoteAgeMs,
    availableBalance: scaledOf(ctx.availableBalance),
    feeType: ctx.feeType,
    rates: exactRates(ctx.rates),
    openLots: ctx.openLots === undefined ? ZERO : scaledOf(ctx.openLots),
  });
  if (!r.ok) return r;
  const a = r.value;
  return tradingOk({
    side: a.side,
    kind: a.kind,
    pendingKind: a.pendingKind,
    price: moneyOf(a.price),
    quantity: moneyOf(a.quantity),
    leverage: a.leverage,
    margin: money6(a.marginMicros),
    fee: money6(a.feeMicros),
    stopLoss: moneyOrNull(a.stopLoss),
    takeProfit: moneyOrNull(a.takeProfit),
  });
}

export interface StopEditRequest {
  readonly side: Side; // of the open position
  readonly stopLoss: string | null | undefined; // 0 or empty removes it
  readonly takeProfit: string | null | undefined;
}

export interface StopEditContext {
  readonly pricePrecision: number;
  readonly marketOpen: boolean;
  readonly quote: TradeQuote | null;
  readonly nowMs: number;
  readonly maxQuoteAgeMs: number;
}

export interface ExactStopEditContext extends Omit<StopEditContext, 'quote'> {
  readonly quote: ExactQuote | null;
}

/**
 * `set_stop_price` on an open position (DESIGN §4 re-validates the sides), as MetaTrader does: the
 * new levels are judged against the CURRENT close-side price (bid for a buy, ask for a sell), not
 * the open price, so a trader may move a stop loss past the open price to lock in profit, but never
 * to a level the market has already reached (it would fire at once at a worse price than asked).
 * Like MetaTrader, refused while the market is closed or the quote is stale: without a live price
 * the side cannot be judged, and nothing would trigger before the reopening gap anyway.
 */
export function checkStopEdit(
  request: StopEditRequest,
  ctx: ExactStopEditContext,
): OrderCheck<{ stopLoss: Scaled | null; takeProfit: Scaled | null }> {
  if (!ctx.marketOpen) return reject('ORDER_MARKET_CLOSED', 'the market is closed');
  const fresh = freshQuote(ctx);
  if (!fresh.ok) return fresh;
  const stops = parseStops(request.stopLoss, request.takeProfit, ctx.pricePrecision);
  if (!stops.ok) return stops;
  const reference = closeSideOf(request.side, fresh.value);
  const sideError = checkStopSidesExact(
    request.side,
    reference,
    stops.value.stopLoss,
    stops.value.takeProfit,
  );
  if (sideError !== null) return reject(sideError, `stops on the wrong side of ${text(reference)}`);
  return stops;
}

/**
 * New stops on a pending order: judged against its target (where it will open), like the stops
 * given with the order; the market may be closed (nothing fills before it opens).
 */
export function checkPendingStopEdit(
  request: StopEditRequest,
  ctx: { readonly pricePrecision: number; readonly target: Scaled },
): OrderCheck<{ stopLoss: Scaled | null; takeProfit: Scaled | null }> {
  const stops = parseStops(request.stopLoss, request.takeProfit, ctx.pricePrecision);
  if (!stops.ok) return stops;
  const sideError = checkStopSidesExact(
    request.side,
    ctx.target,
    stops.value.stopLoss,
    stops.value.takeProfit,
  );
  if (sideError !== null) return reject(sideError, `stops on the wrong side of ${text(ctx.target)}`);
  return stops;
}

/** `checkStopEdit` for decimal inputs, answered as Money. */
export function validateStopEdit(
  request: StopEditRequest,
  ctx: StopEditContext,
): OrderCheck<{ stopLoss: Money | null; takeProfit: Money | null }> {
  const r = checkStopEdit(request, { ...ctx, quote: ctx.quote === null ? null : exactQuote(ctx.quote) });
  if (!r.ok) return r;
  return tradingOk({ stopLoss: moneyOrNull(r.value.stopLoss), takeProfit: moneyOrNull(r.value.takeProfit) });
}
