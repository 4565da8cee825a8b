import { type PendingKind, type Scaled, type Side, scaled } from '@meridian/domain';
import { micros } from './account-book.ts';
import type { OrderRow } from './order.repository.ts';

/**
 * A pending order or open position as the engine keeps it in memory: its row (what is stored and
 * answered) plus the figures the engine computes with, parsed once into exact integers.
 */
export interface LiveOrder {
  /** The whole row as it is (or is about to be) stored; the journal writes it. */
  row: OrderRow;
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
  feeRate: Scaled;
  /** Pending: the target; open: null. */
  targetPrice: Scaled | null;
  /** Open: the fill price; pending: null. */
  openPrice: Scaled | null;
  stopLoss: Scaled | null;
  takeProfit: Scaled | null;
  /** Micro-dollars. */
  margin: bigint;
  fee: bigint;
}

const level = (v: string | null): Scaled | null => {
  if (v === null) return null;
  const x = scaled(v);
  return x.n === 0n ? null : x;
};

/** From a stored row (start-up, a fill): every figure parsed. */
export function liveOrderFromRow(r: OrderRow, pendingKind: PendingKind | null): LiveOrder {
  return {
    row: r,
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
    feeRate: scaled(r.feeRate),
    targetPrice: r.status === 0 ? level(r.targetPrice) : null,
    openPrice: r.status === 0 ? null : level(r.openPrice),
    stopLoss: level(r.stopLoss),
    takeProfit: level(r.takeProfit),
    margin: micros(r.margin),
    fee: micros(r.fee),
  };
}
