import { ORDER_STATUS } from '@meridian/contracts';
import { formatScaled, type PendingKind, type Scaled, type Side, scaled } from '@meridian/domain';
import { micros, microText } from './account-book.ts';
import type { OrderRow } from './order.repository.ts';
import type { PositionOwner } from './position-table.ts';
import type { TriggerIndex, TriggerOwner } from './trigger-index.ts';

/**
 * A pending order or open position as the engine keeps it in memory: what its stored row holds,
 * with money in micro-dollars. The row itself is built only when it is written or answered
 * (`rowOf`): one object per live order instead of two keeps the heap, and the garbage collector's
 * work over it, smaller (ADR 0005).
 *
 * Lots and prices are kept as their canonical decimal texts (what the row stores) and parsed
 * (`lotsOf`, `openPriceOf`, …: a character loop, tens of nanoseconds) where a rule computes with
 * them, which is far rarer than building rows: an order's rows are built for its answer and its
 * journal write each time it changes, and formatting them from BigInts on a cold order was ~2–3 µs
 * of a stop edit (measured). A text is also one small object where a parsed figure was two (the
 * `{n, s}` pair and its BigInt) for the collector to copy and mark (ADR 0007).
 */
export interface LiveOrder extends TriggerOwner, PositionOwner {
  id: number;
  userId: number;
  instrumentId: number;
  side: Side;
  status: typeof ORDER_STATUS.PENDING | typeof ORDER_STATUS.HOLDING;
  leverage: number;
  marginMode: number;
  feeType: number;
  pendingKind: PendingKind | null;
  /** Lots, as stored. */
  quantityText: string;
  contractSize: Scaled;
  /** The stored texts of the terms the order opened with (shared with the instrument). */
  contractSizeText: string;
  feeRate: Scaled;
  feeRateText: string;
  /** The target it was placed with (a filled pending order keeps it); null for a market order. */
  targetPriceText: string | null;
  /** Open: the fill price; pending: null. */
  openPriceText: string | null;
  openBid: string | null;
  openAsk: string | null;
  openQuoteTime: Date | null;
  openQuoteSeq: number | null;
  /** The stop levels as stored: '0' for none. */
  stopLossText: string;
  takeProfitText: string;
  /** Micro-dollars (safe integers, ADR 0007). */
  marginMicros: number;
  feeMicros: number;
  /** Their texts as rows store them (set with them; every row of the order reuses them). */
  marginText: string;
  feeText: string;
  /** Epoch milliseconds (a Date is ~100 bytes per order to keep; rows get their Dates when built). */
  createdAtMs: number;
  openedAtMs: number | null;
  /** The engine's links into its indexes (set by the engine when it indexes the order). */
  triggerSlot: number;
  triggerIndex: TriggerIndex | null;
  triggerDirections: number;
  /** Its row in the instrument's position table while open; −1 otherwise. */
  positionSlot: number;
  /** Its neighbours in its owner's list of live orders (set by the engine while it is live). */
  prevOfUser: LiveOrder | null;
  nextOfUser: LiveOrder | null;
  /** A copy (DESIGN §9): the provider's order it mirrors; null for the trader's own order. */
  copyOfOrderId: number | null;
}

/** How an order ended, for its last row. */
export interface OrderEnd {
  status: typeof ORDER_STATUS.CLOSED | typeof ORDER_STATUS.CANCELLED;
  closePrice: string | null;
  closeBid: string | null;
  closeAsk: string | null;
  closeQuoteTime: Date | null;
  closeQuoteSeq: number | null;
  closeReason: string;
  realisedProfit: string | null;
  closedAt: Date;
}

/** A stored level as a value: null for none (null, or zero however written). */
const level = (v: string | null): Scaled | null => {
  if (v === null) return null;
  const x = scaled(v);
  return x.n === 0n ? null : x;
};
/** A price or lot figure as its row stores it (shortest text); null stays null. */
export const priceText = (v: Scaled | null) => (v === null ? null : formatScaled(v.n, v.s));
/** A stop level as its row stores it: '0' for none. */
export const stopText = (v: Scaled | null) => (v === null ? '0' : formatScaled(v.n, v.s));

export const lotsOf = (o: LiveOrder): Scaled => scaled(o.quantityText);
export const openPriceOf = (o: LiveOrder): Scaled | null =>
  o.openPriceText === null ? null : scaled(o.openPriceText);
export const targetOf = (o: LiveOrder): Scaled | null =>
  o.targetPriceText === null ? null : scaled(o.targetPriceText);
export const stopLossOf = (o: LiveOrder): Scaled | null => level(o.stopLossText);
export const takeProfitOf = (o: LiveOrder): Scaled | null => level(o.takeProfitText);

/** From a stored row (start-up): every figure parsed. */
export function liveOrderFromRow(r: OrderRow, pendingKind: PendingKind | null): LiveOrder {
  return {
    id: r.id,
    userId: r.userId,
    instrumentId: r.instrumentId,
    side: r.side === 1 ? 'buy' : 'sell',
    status: r.status === ORDER_STATUS.PENDING ? ORDER_STATUS.PENDING : ORDER_STATUS.HOLDING,
    leverage: r.leverage,
    marginMode: r.marginMode,
    feeType: r.feeType,
    pendingKind,
    // Canonical texts (the stored columns may carry trailing zeros).
    quantityText: priceText(scaled(r.quantity))!,
    contractSize: scaled(r.contractSize),
    contractSizeText: r.contractSize,
    feeRate: scaled(r.feeRate),
    feeRateText: r.feeRate,
    targetPriceText: priceText(level(r.targetPrice)),
    openPriceText: r.status === ORDER_STATUS.PENDING ? null : priceText(level(r.openPrice)),
    openBid: r.openBid === null ? null : priceText(scaled(r.openBid)),
    openAsk: r.openAsk === null ? null : priceText(scaled(r.openAsk)),
    openQuoteTime: r.openQuoteTime,
    openQuoteSeq: r.openQuoteSeq,
    stopLossText: stopText(level(r.stopLoss)),
    takeProfitText: stopText(level(r.takeProfit)),
    marginMicros: micros(r.margin),
    feeMicros: micros(r.fee),
    marginText: microText(micros(r.margin)),
    feeText: microText(micros(r.fee)),
    createdAtMs: r.createdAt.getTime(),
    openedAtMs: r.openedAt === null ? null : r.openedAt.getTime(),
    triggerSlot: -1,
    triggerIndex: null,
    triggerDirections: 0,
    positionSlot: -1,
    prevOfUser: null,
    nextOfUser: null,
    copyOfOrderId: r.copyOfOrderId,
  };
}

/** The order's row as stored while it is live (pending or holding). */
export const rowOf = (o: LiveOrder): OrderRow => buildRow(o, null);

/** The order's last row: closed or cancelled. */
export const endedRowOf = (o: LiveOrder, end: OrderEnd): OrderRow => buildRow(o, end);

function buildRow(o: LiveOrder, end: OrderEnd | null): OrderRow {
  const createdAt = new Date(o.createdAtMs);
  // A market order opens when it is placed: one Date for both (rows are written and answered,
  // never mutated), one allocation fewer on every row of most positions.
  const openedAt =
    o.openedAtMs === null ? null : o.openedAtMs === o.createdAtMs ? createdAt : new Date(o.openedAtMs);
  return {
    id: o.id,
    userId: o.userId,
    instrumentId: o.instrumentId,
    side: o.side === 'buy' ? 1 : 2,
    status: end === null ? o.status : end.status,
    quantity: o.quantityText,
    leverage: o.leverage,
    contractSize: o.contractSizeText,
    marginMode: o.marginMode,
    feeRate: o.feeRateText,
    feeType: o.feeType,
    targetPrice: o.targetPriceText,
    openPrice: o.openPriceText,
    openBid: o.openBid,
    openAsk: o.openAsk,
    openQuoteTime: o.openQuoteTime,
    openQuoteSeq: o.openQuoteSeq,
    stopLoss: o.stopLossText,
    takeProfit: o.takeProfitText,
    margin: o.marginText,
    fee: o.feeText,
    closePrice: end === null ? null : end.closePrice,
    closeBid: end === null ? null : end.closeBid,
    closeAsk: end === null ? null : end.closeAsk,
    closeQuoteTime: end === null ? null : end.closeQuoteTime,
    closeQuoteSeq: end === null ? null : end.closeQuoteSeq,
    closeReason: end === null ? null : end.closeReason,
    realisedProfit: end === null ? null : end.realisedProfit,
    createdAt,
    openedAt,
    closedAt: end === null ? null : end.closedAt,
    copyOfOrderId: o.copyOfOrderId,
  };
}
