import type { Instrument } from '@meridian/contracts';
import {
  computeFee,
  computeMargin,
  type InstrumentTerms,
  money,
  parseUserDecimal,
  priceFromFeed,
  type RateSource,
  rateSourceFromQuotes,
  type Side,
  toMarginText,
} from '@meridian/domain';

/**
 * The order form's rules (spec §5 Order, §9 margin and fee), pure: the screen keeps the fields,
 * these functions decide what the controls allow, which message a submit shows, what is sent and
 * what the preview says. Exact decimals through the shared domain package (decimal.js stays in
 * the trade route's chunk).
 */

export type OrderKind = 'market' | 'pending';

export interface OrderFormState {
  side: Side;
  kind: OrderKind;
  quantity: string;
  /** Target price of a pending order. */
  price: string;
  leverage: number | null;
  stopLossOn: boolean;
  stopLoss: string;
  takeProfitOn: boolean;
  takeProfit: string;
}

export const initialFormState = (instrument?: Pick<Instrument, 'ForexMinCont' | 'HasForexMultiple'>) =>
  ({
    side: 'buy',
    kind: 'market',
    quantity: instrument?.ForexMinCont ?? '',
    price: '',
    leverage: instrument?.HasForexMultiple[0]?.Value ?? null,
    stopLossOn: false,
    stopLoss: '',
    takeProfitOn: false,
    takeProfit: '',
  }) satisfies OrderFormState;

const decimalsOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);

const parsed = (text: string) => {
  try {
    const p = parseUserDecimal(text);
    return p.kind === 'ok' ? p.value : null;
  } catch {
    return null;
  }
};

/** A quantity as the stepper reads it: '1.' (half typed) is 1. */
const typedQuantity = (text: string) => parsed(text.endsWith('.') ? text.slice(0, -1) : text);

/**
 * Spec §5: the minus control is disabled when quantity − Pip would be 0 or less (or nothing is
 * typed); and at the instrument's minimum, where a step down could only give a quantity the server
 * refuses (an instrument whose minimum is larger than its step).
 */
export function canDecrease(quantity: string, pip: string, min?: string): boolean {
  const q = typedQuantity(quantity);
  const step = parsed(pip);
  if (q === null || step === null) return false;
  const floor = lowestOnGrid(min, step);
  return q.minus(step).gt(0) && (floor === null || q.gt(floor));
}

/** The smallest whole number of steps at or above the minimum (staff may set one off the grid). */
function lowestOnGrid(min: string | undefined, step: NonNullable<ReturnType<typeof parsed>>) {
  const m = min === undefined ? null : parsed(min);
  if (m === null || !step.gt(0)) return m;
  return m.div(step).ceil().times(step);
}

/**
 * − / + by the instrument's `Pip` (its lot step) onto the step's grid (the server takes whole
 * steps only: 0.015 steps to 0.02 or 0.01), never below the minimum, at the step's decimals. An
 * empty or unreadable quantity becomes the minimum (the + control) or stays as it is (−).
 */
export function stepQuantity(quantity: string, pip: string, direction: 1 | -1, min?: string): string {
  const step = parsed(pip);
  if (step === null || !step.gt(0)) return quantity;
  const floor = lowestOnGrid(min, step);
  const places = Math.max(decimalsOf(pip.trim()), min === undefined ? 0 : decimalsOf(min.trim()));
  const q = typedQuantity(quantity);
  if (q === null) return direction === 1 ? (floor ?? step).toFixed(places) : quantity;
  const steps = q.div(step);
  const onGrid = steps.isInteger();
  const k = direction === 1 ? steps.floor().plus(1) : onGrid ? steps.minus(1) : steps.floor();
  let next = k.times(step);
  if (floor !== null && next.lt(floor)) {
    // Below the minimum: + goes to it; − stays put at or under it (its control is disabled there).
    if (direction === -1 && !q.gt(floor)) return quantity;
    next = floor;
  }
  if (!next.gt(0)) return quantity;
  return next.toFixed(places);
}

/** The catalog key of the first problem a submit should show, or null when the form may be sent. */
export function validateOrderForm(
  form: OrderFormState,
  instrument: Pick<Instrument, 'HasForexMultiple'>,
): string | null {
  if (instrument.HasForexMultiple.length === 0) return 'trade.leverageNotConfigured';
  if (form.quantity.trim() === '') return 'form.complete';
  const q = parsed(form.quantity);
  if (q === null || !q.gt(0)) return 'trade.quantityInvalid';
  if (form.kind === 'pending') {
    if (form.price.trim() === '') return 'trade.enterPrice';
    const p = parsed(form.price);
    if (p === null || !p.gt(0)) return 'trade.priceInvalid';
  }
  if (form.leverage === null) return 'form.complete';
  if (form.stopLossOn && (form.stopLoss.trim() === '' || parsed(form.stopLoss) === null))
    return 'form.complete';
  if (form.takeProfitOn && (form.takeProfit.trim() === '' || parsed(form.takeProfit) === null))
    return 'form.complete';
  return null;
}

export interface SubmitQuery {
  type: number;
  cont: string;
  forex_id: number;
  status: number;
  target_price: string;
  stop_loss_price: string;
  target_profit_price: string;
  multiple: number;
}

/** GET /v1/api/forex/submit payload: SL and TP only when ticked, else 0 (spec §5). */
export function toSubmitQuery(form: OrderFormState, forexId: number): SubmitQuery {
  return {
    type: form.side === 'buy' ? 1 : 2,
    cont: form.quantity.trim(),
    forex_id: forexId,
    status: form.kind === 'market' ? 1 : 0,
    target_price: form.kind === 'pending' ? form.price.trim() : '0',
    stop_loss_price: form.stopLossOn ? form.stopLoss.trim() || '0' : '0',
    target_profit_price: form.takeProfitOn ? form.takeProfit.trim() || '0' : '0',
    multiple: form.leverage ?? 0,
  };
}

export const termsOf = (i: Instrument): InstrumentTerms => ({
  code: i.Code,
  baseCurrency: i.BaseCurrency,
  quoteCurrency: i.QuoteCurrency,
  contractSize: i.ForexContNum,
  lotStep: i.Pip,
  minLots: i.ForexMinCont,
  feeRate: i.ForexFeeRate,
  marginMode: i.MarginMode,
  leverageOptions: i.HasForexMultiple.map((m) => m.Value),
  pricePrecision: i.PricePrecision,
});

export interface LivePrices {
  bid: number;
  ask: number;
}

/** Conversion rates to USD from every instrument's current bid and ask (DESIGN §4). */
export function rateSourceOf(
  instruments: readonly Instrument[],
  live: (id: number) => LivePrices | undefined,
): RateSource {
  const pairs = [];
  for (const i of instruments) {
    const q = live(i.Id) ?? { bid: i.ForexQuotations.Bid, ask: i.ForexQuotations.Ask };
    if (!(q.bid > 0 && q.ask > 0)) continue;
    pairs.push({
      baseCurrency: i.BaseCurrency,
      quoteCurrency: i.QuoteCurrency,
      bid: priceFromFeed(q.bid, i.PricePrecision),
      ask: priceFromFeed(q.ask, i.PricePrecision),
    });
  }
  return rateSourceFromQuotes(pairs);
}

export interface OrderPreview {
  /** USD, 6 decimals (spec §9). */
  marginUsd: string;
  /** USD, 6 decimals like every ledger figure. */
  feeUsd: string;
}

/**
 * Margin and fee the order would reserve, with the engine's own formulas: at the ask (buy) or bid
 * (sell) for a market order, at the target for a pending one. Null while the inputs cannot price it.
 */
export function previewOrder(
  form: OrderFormState,
  instrument: Instrument,
  prices: LivePrices,
  feeType: number,
  rates: RateSource,
): OrderPreview | null {
  const quantity = parsed(form.quantity);
  if (quantity === null || !quantity.gt(0) || form.leverage === null) return null;
  let price = null;
  if (form.kind === 'pending') {
    price = parsed(form.price);
  } else {
    const feed = form.side === 'buy' ? prices.ask : prices.bid;
    price = feed > 0 ? priceFromFeed(feed, instrument.PricePrecision) : null;
  }
  if (price === null || !price.gt(0)) return null;
  try {
    const margin = computeMargin(
      { terms: termsOf(instrument), quantity, price, leverage: form.leverage },
      rates,
    );
    if (!margin.ok) return null;
    const fee = computeFee({
      feeType,
      feeRate: money(instrument.ForexFeeRate),
      quantity,
      margin: margin.value.usd,
    });
    return { marginUsd: toMarginText(margin.value.usd), feeUsd: toMarginText(fee) };
  } catch {
    return null;
  }
}
