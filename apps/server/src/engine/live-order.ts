import { formatScaled, type PendingKind, type Scaled, type Side, scaled } from '@meridian/domain';
import { micros, microText } from './account-book.ts';
import type { OrderRow } from './order.repository.ts';
import type { PositionOwner } from './position-table.ts';
import type { TriggerEntry, TriggerOwner } from './trigger-index.ts';

/**
 * A pending order or open position as the engine keeps it in memory: the figures it computes with,
 * parsed once into exact integers, and what else its stored row holds. The row itself is built
 * only when it is written or answered (`rowOf`): one object per live order instead of two keeps
 * the heap, and the garbage collector's work over it, smaller (ADR 0005).
 */
export interface LiveOrder extends TriggerOwner, PositionOwner {
  id: number;
  userId: number;
  instrumentId: number;
  side: Side;
  status: 0 | 1;
  leverage: number;
  marginMode: number;
  feeType: number;
  pendingKind: PendingKind | null;
  quantity: Scaled;
  contractSize: Scaled;
  /** The stored texts of the terms the order opened with (shared with the instrument). */
  contractSizeText: string;
  feeRate: Scaled;
  feeRateText: string;
  /** The target it was placed with (a filled pending order keeps it); null for a market order. */
  targetPrice: Scaled | null;
  /** Open: the fill price; pending: null. */
  openPrice: Scaled | null;
  openBid: string | null;
  openAsk: string | null;
  openQuoteTime: Date | null;
  openQuoteSeq: number | null;
  stopLoss: Scaled | null;
  takeProfit: Scaled | null;
  /** Micro-dollars (safe integers, ADR 0007). */
  margin: number;
  fee: number;
  createdAt: Date;
  openedAt: Date | null;
  /** The engine's links into its indexes (set by the engine when it indexes the order). */
  triggers: TriggerEntry | null;
  /** Its row in the instrument's position table while open; −1 otherwise. */
  positionSlot: number;
  /** Its neighbours in its owner's list of live orders (set by the engine while it is live). */
  prevOfUser: LiveOrder | null;
  nextOfUser: LiveOrder | null;
}

const level = (v: string | null): Scaled | null => {
  if (v === null) return null;
  const x = scaled(v);
  return x.n === 0n ? null : x;
};
const text = (v: Scaled | null) => (v === null ? null : formatScaled(v.n, v.s));

/** From a stored row (start-up): every figure parsed. */
export function liveOrderFromRow(r: OrderRow, pendingKind: PendingKind | null): LiveOrder {
  return {
    id: r.id,
    userId: r.userId,
    instrumentId: r.instrumentId,
    side: r.side === 1 ? 'buy' : 'sell',
    status: r.status === 0 ? 0 : 1,
    leverage: r.leverage,
    marginMode: r.marginMode,
    feeType: r.feeType,
    pendingKind,
    quantity: scaled(r.quantity),
    contractSize: scaled(r.contractSize),
    contractSizeText: r.contractSize,
    feeRate: scaled(r.feeRate),
    feeRateText: r.feeRate,
    targetPrice: level(r.targetPrice),
    openPrice: r.status === 0 ? null : level(r.openPrice),
    openBid: r.openBid,
    openAsk: r.openAsk,
    openQuoteTime: r.openQuoteTime,
    openQuoteSeq: r.openQuoteSeq,
    stopLoss: level(r.stopLoss),
    takeProfit: level(r.takeProfit),
    margin: micros(r.margin),
    fee: micros(r.fee),
    createdAt: r.createdAt,
    openedAt: r.openedAt,
    triggers: null,
    positionSlot: -1,
    prevOfUser: null,
    nextOfUser: null,
  };
}

/** The order's row as stored while it is live (status 0 pending, 1 open). */
export function rowOf(o: LiveOrder): OrderRow {
  return {
    id: o.id,
    userId: o.userId,
    instrumentId: o.instrumentId,
    side: o.side === 'buy' ? 1 : 2,
    status: o.status,
    quantity: text(o.quantity)!,
    leverage: o.leverage,
    contractSize: o.contractSizeText,
    marginMode: o.marginMode,
    feeRate: o.feeRateText,
    feeType: o.feeType,
    targetPrice: text(o.targetPrice),
    openPrice: text(o.openPrice),
    openBid: o.openBid,
    openAsk: o.openAsk,
    openQuoteTime: o.openQuoteTime,
    openQuoteSeq: o.openQuoteSeq,
    stopLoss: text(o.stopLoss) ?? '0',
    takeProfit: text(o.takeProfit) ?? '0',
    margin: microText(o.margin),
    fee: microText(o.fee),
    closePrice: null,
    closeBid: null,
    closeAsk: null,
    closeQuoteTime: null,
    closeQuoteSeq: null,
    closeReason: null,
    realisedProfit: null,
    createdAt: o.createdAt,
    openedAt: o.openedAt,
    closedAt: null,
  };
}
