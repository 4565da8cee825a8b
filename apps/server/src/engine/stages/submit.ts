import { ORDER_STATUS } from '@meridian/contracts';
import {
  checkNewOrder,
  checkNewOrderFast,
  type FastAcceptedOrder,
  type FastOrderContext,
  LEDGER_SCALE,
  LEDGER_TYPE,
  type NewOrderRequest,
  type Scaled,
  safeNumber,
} from '@meridian/domain';
import { AppError } from '../../lib/app-error.ts';
import { MARKET_STATUS } from '../../market/market-status.ts';
import { microText } from '../account-book.ts';
import { durable, Effects } from '../effects.ts';
import type { EngineState } from '../engine-state.ts';
import { type LiveOrder, priceText, rowOf, stopText } from '../live-order.ts';
import type { OrderRow } from '../order.repository.ts';
import { laneOf, stage } from '../order-indexes.ts';
import { accountFor, ready } from '../readiness.ts';
import { takesOrders } from '../valuation.ts';
import { mirrorOpen } from './mirror.ts';
import { mustMove } from './settle.ts';
import { wouldStopOut } from './stop-out.ts';

// A new order, market or pending: the rules (a safe-integer fast path, the exact rules as judge),
// the stop-out guard, then its margin and fee out of the balance and the order into memory.

export interface SubmitRequest {
  side: 'buy' | 'sell';
  kind: 'market' | 'pending';
  instrumentId: number;
  quantity: string;
  leverage: number;
  targetPrice: string;
  stopLoss: string;
  takeProfit: string;
}

/**
 * Open positions and pending orders one account may hold at once. Far above what a retail trader
 * keeps (the lot limits bind first for real sizes), it bounds what one account can make the engine
 * hold in memory and reload at every start: 0.01-lot orders on 40 instruments would otherwise reach
 * hundreds of thousands (DECISIONS).
 */
export const MAX_LIVE_ORDERS_PER_ACCOUNT = 1000;

/** The exact rules (BigInt, ADR 0005) on the fast path's context, in its answer's shape; a refusal throws. */
function checkExact(request: NewOrderRequest, ctx: FastOrderContext, openLots: Scaled): FastAcceptedOrder {
  const checked = checkNewOrder(request, {
    ...ctx,
    availableBalance: { n: BigInt(ctx.availableMicros), s: LEDGER_SCALE },
    openLots,
  });
  if (!checked.ok) throw new AppError(checked.error.code, checked.error.params);
  const a = checked.value;
  return {
    pendingKind: a.pendingKind,
    leverage: a.leverage,
    marginMicros: safeNumber(a.marginMicros),
    feeMicros: safeNumber(a.feeMicros),
    quantityText: priceText(a.quantity)!,
    targetText: a.kind === 'market' ? null : priceText(a.price),
    stopLossText: stopText(a.stopLoss),
    takeProfitText: stopText(a.takeProfit),
  };
}

export async function submitOrder(s: EngineState, userId: number, req: SubmitRequest): Promise<OrderRow> {
  // Other commands may have used the last reserved id between `prepare` and this turn.
  for (let r = ready(s, userId); r !== true; r = ready(s, userId)) await r;
  const followers = s.copy.followersOf(userId);
  if (followers !== undefined) {
    // A provider's market order takes an id per copy in the same decision.
    for (let r = s.ids.want(followers.length + 1); r !== true; r = s.ids.want(followers.length + 1)) await r;
    for (let r = ready(s, userId); r !== true; r = ready(s, userId)) await r;
  }
  const row = decideSubmit(s, userId, req);
  if (followers !== undefined && row.status === ORDER_STATUS.HOLDING) {
    const fx = new Effects();
    mirrorOpen(s, s.live.get(row.id)!, fx);
    await durable(s, fx);
  } else await s.journal.commit();
  s.deps.events.accountTouched(userId);
  return row;
}

/**
 * Decides one order for the account; a refusal throws its AppError. `copyOfOrderId`: the order is
 * a copy of that provider order (DESIGN §9), placed by the engine in the provider's decision.
 */
export function decideSubmit(
  s: EngineState,
  userId: number,
  req: SubmitRequest,
  copyOfOrderId: number | null = null,
): OrderRow {
  const slot = accountFor(s, userId);
  const b = s.book;
  if (b.frozen[slot] === 1) throw new AppError('ORDER_TRADING_FROZEN');
  const instrument = s.deps.market.instrumentById(req.instrumentId);
  if (!instrument || !takesOrders(s, instrument)) throw new AppError('INSTRUMENT_NOT_FOUND');
  const nowMs = s.deps.now();
  const quote = s.exact.latest(instrument);
  const terms = s.exact.termsOf(instrument);
  const feeType = s.deps.settings.feeType();
  const request = {
    side: req.side,
    kind: req.kind,
    quantity: req.quantity === '0' ? '' : req.quantity,
    leverage: req.leverage || null,
    targetPrice: req.targetPrice === '0' ? '' : req.targetPrice,
    stopLoss: req.stopLoss,
    takeProfit: req.takeProfit,
  };
  const mine = s.byAccount;
  if (mine.count(slot) >= MAX_LIVE_ORDERS_PER_ACCOUNT)
    throw new AppError('ORDER_TOO_MANY_LIVE', { max: MAX_LIVE_ORDERS_PER_ACCOUNT });
  const lots = mine.lotsAt(slot, laneOf(s, instrument.id));
  const ctx: FastOrderContext = {
    terms,
    marketOpen: s.deps.market.status(instrument.id) === MARKET_STATUS.OPEN,
    quote,
    nowMs,
    maxQuoteAgeMs: s.deps.market.maxQuoteAgeMs(instrument.id),
    availableMicros: b.balanceMicros[slot]!,
    feeType,
    rates: s.freshRates,
    openLotsUnits: mine.lots.numberUnits(lots),
    openLotsScale: mine.lots.unitScale(lots),
  };
  // The rules in safe integers first (ADR 0007 step 2); the exact BigInt rules decide whatever
  // that path leaves (every refusal, a sign or spaces, more than 15 digits, beyond 2^53).
  const accepted = checkNewOrderFast(request, ctx) ?? checkExact(request, ctx, mine.lots.value(lots));
  const marginMicros = accepted.marginMicros;
  const feeMicros = accepted.feeMicros;
  const q = quote!;
  const isMarket = accepted.targetText === null;
  // An order that would put the account at the stop-out level at once (its open positions' losses
  // already eat the balance, or the new position's own spread does) is refused rather than opened
  // and stopped out on the next tick, taking other positions with it.
  if (
    wouldStopOut(
      s,
      userId,
      slot,
      marginMicros,
      feeMicros,
      isMarket
        ? {
            instrument,
            side: req.side,
            quantityText: accepted.quantityText,
            contractSize: terms.contractSize,
            openPrice: req.side === 'buy' ? q.ask : q.bid,
            q,
          }
        : null,
    )
  )
    throw new AppError('RISK_WOULD_STOP_OUT');
  const id = s.ids.take();
  const order: LiveOrder = {
    id,
    userId,
    instrumentId: instrument.id,
    side: req.side,
    status: isMarket ? ORDER_STATUS.HOLDING : ORDER_STATUS.PENDING,
    leverage: accepted.leverage,
    marginMode: instrument.marginMode,
    feeType,
    pendingKind: accepted.pendingKind,
    quantityText: accepted.quantityText,
    contractSize: terms.contractSize,
    contractSizeText: instrument.contractSize,
    feeRate: terms.feeRate,
    feeRateText: instrument.feeRate,
    targetPriceText: accepted.targetText,
    // A market order opens at the quote's own side: its text is already made.
    openPriceText: isMarket ? (req.side === 'buy' ? q.askText : q.bidText) : null,
    openBid: q.bidText,
    openAsk: q.askText,
    openQuoteTime: q.time,
    openQuoteSeq: q.seq,
    stopLossText: accepted.stopLossText,
    takeProfitText: accepted.takeProfitText,
    marginMicros,
    feeMicros,
    marginText: microText(marginMicros),
    feeText: microText(feeMicros),
    createdAtMs: nowMs,
    openedAtMs: isMarket ? nowMs : null,
    triggerSlot: -1,
    triggerIndex: null,
    triggerDirections: 0,
    positionSlot: -1,
    prevOfUser: null,
    nextOfUser: null,
    copyOfOrderId,
  };
  const row = rowOf(order);
  // Margin out of balance into margin, then the fee: two ledger entries (funds checked above).
  const memo = `order ${id}`;
  mustMove(s, {
    userId,
    type: LEDGER_TYPE.MARGIN_HOLD,
    balanceDelta: -marginMicros,
    marginDelta: marginMicros,
    memo,
    idempotencyKey: `margin-hold:${id}`,
  });
  if (feeMicros > 0)
    mustMove(s, {
      userId,
      type: LEDGER_TYPE.TRADE_FEE,
      balanceDelta: -feeMicros,
      memo,
      idempotencyKey: `fee:${id}`,
    });
  stage(s, null, order, row);
  return row;
}
