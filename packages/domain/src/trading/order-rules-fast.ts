import { formatScaledNumber, POW10_NUMBERS as P10, safeCount } from '../exact/scaled.ts';
import { ACCOUNT_CURRENCY, type ExactRateSource } from './conversion.ts';
import { TRADE_FEE_TYPE } from './fee.ts';
import { type ExactTerms, isFixedMargin } from './instrument-terms.ts';
import type { ExactStopEditContext, NewOrderRequest, StopEditRequest } from './order-rules.ts';
import type { PendingKind } from './pending-orders.ts';
import type { ExactQuote } from './quote.ts';

/**
 * `checkNewOrder`'s accepting path in safe-integer Numbers (ADR 0007 step 2): the engine tries it
 * first and takes the exact BigInt rules (`checkNewOrder`) whenever it answers null. It answers
 * null for anything it does not handle: every refusal, a text outside the plain grammar (a sign,
 * spaces), more than 15 digits, an intermediate product beyond 2^53 − 1. When it answers, it
 * answers exactly what `checkNewOrder` would (margin and fee are the same exact rationals, rounded
 * once, half-even, by integer division with remainder), with the canonical texts of the figures
 * (the trader's own text when it already is one); a differential property test holds it to that.
 * Why: the BigInt rules were ~1.7 µs of every new order in the engine's command mix, most of it
 * allocating BigInts for small numbers.
 */
export interface FastOrderContext {
  readonly terms: ExactTerms;
  readonly marketOpen: boolean;
  readonly quote: ExactQuote | null;
  readonly nowMs: number;
  readonly maxQuoteAgeMs: number;
  /** The account's balance in micro-dollars (a safe integer). */
  readonly availableMicros: number;
  readonly feeType: number;
  readonly rates: ExactRateSource;
  /** Lots already open or pending on the instrument: `openLotsUnits` of 10^−`openLotsScale`. */
  readonly openLotsUnits: number;
  readonly openLotsScale: number;
}

export interface FastAcceptedOrder {
  readonly pendingKind: PendingKind | null;
  readonly leverage: number;
  readonly marginMicros: number;
  readonly feeMicros: number;
  /** The canonical texts of the accepted figures (the request's own texts): what a row stores. */
  readonly quantityText: string;
  /** A pending order's target; null for a market order (it opens at the quote's side). */
  readonly targetText: string | null;
  /** '0' for none. */
  readonly stopLossText: string;
  readonly takeProfitText: string;
}

const MAX = Number.MAX_SAFE_INTEGER;

/** a × b when exact (≤ 2^53 − 1), else −1: every figure here is ≥ 0, so −1 means 'give up'. */
function mul(a: number, b: number): number {
  if (a < 0 || b < 0) return -1;
  const r = a * b;
  return r > MAX ? -1 : r;
}

/** n × 10^k exactly, or −1. */
const up = (n: number, k: number) => (k === 0 ? n : k > 15 ? -1 : mul(n, P10[k]!));

// The last text `read` parsed: its units, scale and whether it was already canonical (module
// scratch: nothing allocated per text).
let readN = 0;
let readS = 0;
let readCanonical = false;

/**
 * A plain non-negative decimal (`\d+(\.\d+)?`, the exact parser's grammar less the sign) of at most
 * 15 digits into `readN`/`readS` at its smallest scale (trailing zeros dropped, as `parseScaled`
 * does); false for anything else (the BigInt rules then judge it).
 */
function read(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  const len = text.length;
  let n = 0;
  let i = 0;
  for (; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
  }
  if (i === 0) return false;
  let canonical = i === 1 || text.charCodeAt(0) !== 48;
  let s = 0;
  if (i < len) {
    if (text.charCodeAt(i) !== 46 || i + 1 === len) return false;
    for (i++; i < len; i++) {
      const c = text.charCodeAt(i);
      if (c < 48 || c > 57) return false;
      n = n * 10 + (c - 48);
      s++;
    }
  }
  if (len - (s > 0 ? 1 : 0) > 15) return false;
  while (s > 0 && n % 10 === 0) {
    n /= 10;
    s--;
    canonical = false;
  }
  readN = n;
  readS = s;
  readCanonical = canonical;
  return true;
}

/**
 * The double nearest a decimal text, as `Number(text)` gives it, for the floats the engine keeps
 * beside exact figures (trigger levels, the stop-out screen): what `read` takes (a plain decimal of
 * at most 15 digits) is n / 10^s. Both are exact doubles and IEEE division rounds their quotient
 * correctly, so it is the same double `Number` parses, without its runtime call (~40 ns, several
 * times on every new order and stop edit). Any other text goes to `Number`.
 */
export function decimalFloat(text: string): number {
  if (!read(text)) return Number(text);
  return readS === 0 ? readN : readN / P10[readS]!;
}

/** The canonical text of what `read` just read: the text itself when it already was. */
const readText = (text: unknown) => (readCanonical ? (text as string) : formatScaledNumber(readN, readS));

/** −1, 0, 1 comparing a·10^−as with b·10^−bs; 2 when it cannot be decided exactly here. */
function cmp(a: number, as: number, b: number, bs: number): number {
  const s = as > bs ? as : bs;
  const x = up(a, s - as);
  const y = up(b, s - bs);
  if (x < 0 || y < 0) return 2;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** num / den rounded half-even (num ≥ 0, den > 0, both safe): exact, since % and the division of
 * an exact multiple are exact on doubles that hold integers. */
function divHalfEven(n: number, d: number): number {
  const r = n % d;
  const q = (n - r) / d;
  if (r === 0) return q;
  const twice = 2 * r;
  if (twice < d) return q;
  if (twice > d) return q + 1;
  return q % 2 === 0 ? q : q + 1;
}

function leverageOf(input: NewOrderRequest['leverage']): number {
  if (typeof input === 'number') return Number.isSafeInteger(input) && input > 0 ? input : -1;
  // The BigInt rules take 1–9 digits and nothing else ('10.0' is refused there, so here too).
  if (typeof input === 'string' && input.length <= 9 && input.indexOf('.') < 0 && read(input) && readN > 0)
    return readN;
  return -1;
}

/** A stop field: 0 (none, including 'not given'), its units at `readN`/`readS` (1), or −1. */
function readStop(input: unknown, precision: number): number {
  if (input === undefined || input === null || input === '') return 0;
  if (!read(input) || readS > precision) return -1;
  return readN === 0 ? 0 : 1;
}

/**
 * USD micro-dollars of (units × factor / d) × 10^exp units of `currency` at the mid, half-even;
 * −1 when it cannot be done exactly here. Trailing zeros of the numerator (contract sizes are
 * round) cancel powers of ten the denominator would take, so products stay small.
 */
function usdMicros(
  units: number,
  factor: number,
  d: number,
  exp: number,
  currency: string,
  rates: ExactRateSource,
): number {
  let e = exp + 6;
  let rateTop = 1;
  let rateBottom = 1;
  if (currency !== ACCOUNT_CURRENCY) {
    const rate = rates(currency);
    if (rate === null) return -1;
    const s = rate.bid.s > rate.ask.s ? rate.bid.s : rate.ask.s;
    const bid = up(safeCount(rate.bid), s - rate.bid.s);
    const ask = up(safeCount(rate.ask), s - rate.ask.s);
    if (bid <= 0 || ask <= 0 || bid > ask) return -1;
    const sum = bid + ask;
    if (sum > MAX) return -1;
    // XXX/USD: × (bid + ask) / (2 · 10^s); USD/XXX: × 2 · 10^s / (bid + ask).
    if (rate.pair === 'XXX/USD') {
      rateTop = sum;
      rateBottom = 2;
      e -= s;
    } else {
      rateTop = 2;
      rateBottom = sum;
      e += s;
    }
  }
  let a = units;
  while (e < 0 && a > 0 && a % 10 === 0) {
    a /= 10;
    e++;
  }
  let b = factor;
  while (e < 0 && b > 0 && b % 10 === 0) {
    b /= 10;
    e++;
  }
  let top = mul(mul(a, b), rateTop);
  let bottom = mul(d, rateBottom);
  if (top < 0 || bottom <= 0) return -1;
  while (e > 0 && bottom % 10 === 0) {
    bottom /= 10;
    e--;
  }
  if (e >= 0) top = up(top, e);
  else bottom = up(bottom, -e);
  if (top < 0 || bottom <= 0) return -1;
  return divHalfEven(top, bottom);
}

export function checkNewOrderFast(request: NewOrderRequest, ctx: FastOrderContext): FastAcceptedOrder | null {
  const t = ctx.terms;
  if (!ctx.marketOpen || t.leverageOptions.length === 0) return null;
  const leverage = leverageOf(request.leverage);
  if (leverage < 0 || !t.leverageOptions.includes(leverage)) return null;

  if (!read(request.quantity) || readN === 0) return null;
  const qn = readN;
  const qs = readS;
  const quantityText = readText(request.quantity);
  const tn = t.counts;
  const minLots = tn.minLots;
  const step = tn.lotStep;
  if (minLots < 0 || step <= 0) return null;
  const aboveMin = cmp(qn, qs, minLots, t.minLots.s);
  if (aboveMin === -1 || aboveMin === 2) return null;
  const ss = qs > t.lotStep.s ? qs : t.lotStep.s;
  const qAt = up(qn, ss - qs);
  const stepAt = up(step, ss - t.lotStep.s);
  if (qAt < 0 || stepAt <= 0 || qAt % stepAt !== 0) return null;
  if (t.maxLotsPerOrder !== undefined) {
    const max = tn.maxLotsPerOrder;
    const c = max < 0 ? 2 : cmp(qn, qs, max, t.maxLotsPerOrder.s);
    if (c === 1 || c === 2) return null;
  }
  if (t.maxOpenLots !== undefined) {
    const max = tn.maxOpenLots;
    const ls = ctx.openLotsScale > qs ? ctx.openLotsScale : qs;
    const held = up(ctx.openLotsUnits, ls - ctx.openLotsScale);
    const adding = up(qn, ls - qs);
    if (max < 0 || held < 0 || adding < 0 || held + adding > MAX) return null;
    const c = cmp(held + adding, ls, max, t.maxOpenLots.s);
    if (c !== -1 && c !== 0) return null;
  }

  const precision = t.pricePrecision;
  const q = ctx.quote;
  // Written as the negation of `isQuoteFresh`, so a NaN time is stale here as it is there.
  if (q === null || !(ctx.nowMs - q.timeMs <= ctx.maxQuoteAgeMs)) return null;
  const buy = request.side === 'buy';
  const open = buy ? q.ask : q.bid;
  const close = buy ? q.bid : q.ask;
  const openN = safeCount(open);
  const closeN = safeCount(close);
  if (openN <= 0 || closeN <= 0) return null;

  let pn: number;
  let ps: number;
  let pendingKind: PendingKind | null = null;
  let targetText: string | null = null;
  if (request.kind === 'pending') {
    if (!read(request.targetPrice) || readN === 0 || readS > precision) return null;
    pn = readN;
    ps = readS;
    targetText = readText(request.targetPrice);
    const c = cmp(pn, ps, openN, open.s);
    if (c === 0 || c === 2) return null;
    pendingKind = buy ? (c < 0 ? 'buy_limit' : 'buy_stop') : c > 0 ? 'sell_limit' : 'sell_stop';
  } else {
    pn = openN;
    ps = open.s;
  }

  // Stops against the price; a market order's also against the close side.
  const stops = stopsAgainst(request, precision, pn, ps, pendingKind === null ? closeN : -1, close.s);
  if (stops === null) return null;

  // Margin (margin.ts): units = lots × contract size, then by mode; converted at the mid.
  const cs = tn.contractSize;
  const units = mul(qn, cs);
  if (cs < 0 || units < 0) return null;
  const unitsExp = -(qs + t.contractSize.s);
  let marginMicros: number;
  if (isFixedMargin(t)) marginMicros = usdMicros(units, 1, 1, unitsExp, t.quoteCurrency, ctx.rates);
  else if (t.baseCurrency === 'USD') marginMicros = usdMicros(units, 1, leverage, unitsExp, 'USD', ctx.rates);
  else marginMicros = usdMicros(units, pn, leverage, unitsExp - ps, t.quoteCurrency, ctx.rates);
  if (marginMicros < 0) return null;

  // Fee (fee.ts): per lot, or a share of the margin; micro-dollars, half-even.
  const fr = tn.feeRate;
  if (fr < 0) return null;
  const feeBase = ctx.feeType === TRADE_FEE_TYPE.PER_LOT ? mul(qn, fr) : mul(marginMicros, fr);
  const feeExp = ctx.feeType === TRADE_FEE_TYPE.PER_LOT ? 6 - qs - t.feeRate.s : -t.feeRate.s;
  if (feeBase < 0) return null;
  const feeNum = feeExp >= 0 ? up(feeBase, feeExp) : feeBase;
  const feeDen = feeExp >= 0 ? 1 : up(1, -feeExp);
  if (feeNum < 0 || feeDen <= 0) return null;
  const feeMicros = divHalfEven(feeNum, feeDen);

  const needed = marginMicros + feeMicros;
  if (needed > MAX || !Number.isSafeInteger(ctx.availableMicros) || ctx.availableMicros < needed) return null;
  return {
    pendingKind,
    leverage,
    marginMicros,
    feeMicros,
    quantityText,
    targetText,
    stopLossText: stops.stopLossText,
    takeProfitText: stops.takeProfitText,
  };
}

/** The stops `checkStopEdit` / `checkPendingStopEdit` accepted, as the texts a row stores ('0': none). */
export interface FastStops {
  readonly stopLossText: string;
  readonly takeProfitText: string;
}

/** Whether the level `read` just read compares as `want` with the reference (and the close side). */
const onSide = (want: number, refN: number, refS: number, closeN: number, closeS: number) =>
  cmp(readN, readS, refN, refS) === want && (closeN < 0 || cmp(readN, readS, closeN, closeS) === want);

/**
 * Both stop fields against a reference price (units `refN` at scale `refS`) and, when `closeN` is
 * not −1, against a second one (a market order's close side): a buy's stop loss below each and
 * take profit above (a sell's the other way). Null when the exact rules must judge.
 */
function stopsAgainst(
  request: Pick<NewOrderRequest, 'side' | 'stopLoss' | 'takeProfit'>,
  precision: number,
  refN: number,
  refS: number,
  closeN = -1,
  closeS = 0,
): FastStops | null {
  const below = request.side === 'buy' ? -1 : 1;
  const sl = readStop(request.stopLoss, precision);
  if (sl < 0 || (sl === 1 && !onSide(below, refN, refS, closeN, closeS))) return null;
  const stopLossText = sl === 1 ? readText(request.stopLoss) : '0';
  const tp = readStop(request.takeProfit, precision);
  if (tp < 0 || (tp === 1 && !onSide(-below, refN, refS, closeN, closeS))) return null;
  const takeProfitText = tp === 1 ? readText(request.takeProfit) : '0';
  return { stopLossText, takeProfitText };
}

/** `checkStopEdit`'s accepting path (an open position's stops, against the close side) in Numbers. */
export function checkStopEditFast(request: StopEditRequest, ctx: ExactStopEditContext): FastStops | null {
  const q = ctx.quote;
  if (!ctx.marketOpen || q === null || !(ctx.nowMs - q.timeMs <= ctx.maxQuoteAgeMs)) return null;
  const close = request.side === 'buy' ? q.bid : q.ask;
  const closeN = safeCount(close);
  if (closeN <= 0) return null;
  return stopsAgainst(request, ctx.pricePrecision, closeN, close.s);
}

/** `checkPendingStopEdit`'s accepting path (a pending order's stops, against its target text). */
export function checkPendingStopEditFast(
  request: StopEditRequest,
  ctx: { readonly pricePrecision: number; readonly targetText: string },
): FastStops | null {
  if (!read(ctx.targetText) || readN === 0) return null;
  return stopsAgainst(request, ctx.pricePrecision, readN, readS);
}
