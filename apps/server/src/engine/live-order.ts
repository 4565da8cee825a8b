import type { PendingKind, Side } from '@meridian/domain';
import type { OrderRow } from './order.repository.ts';

/** A pending order or open position as the engine keeps it in memory: its row plus parsed fields. */
export interface LiveOrder {
  /** The whole row as it is (or is about to be) stored; the journal writes it. */
  row: OrderRow;
  id: number;
  userId: number;
  instrumentId: number;
  side: Side;
  status: 0 | 1;
  quantity: string;
  leverage: number;
  contractSize: string;
  marginMode: number;
  feeRate: string;
  feeType: number;
  targetPrice: string | null;
  pendingKind: PendingKind | null;
  openPrice: string | null;
  stopLoss: string | null;
  takeProfit: string | null;
  margin: string;
  fee: string;
}

const noneIfZero = (v: string | null) => (v === null || Number(v) === 0 ? null : v);

export function liveOrderFromRow(r: OrderRow, pendingKind: PendingKind | null): LiveOrder {
  return {
    row: r,
    id: r.id,
    userId: r.userId,
    instrumentId: r.instrumentId,
    side: r.side === 1 ? 'buy' : 'sell',
    status: r.status === 0 ? 0 : 1,
    quantity: r.quantity,
    leverage: r.leverage,
    contractSize: r.contractSize,
    marginMode: r.marginMode,
    feeRate: r.feeRate,
    feeType: r.feeType,
    targetPrice: r.targetPrice,
    pendingKind,
    openPrice: r.openPrice,
    stopLoss: noneIfZero(r.stopLoss),
    takeProfit: noneIfZero(r.takeProfit),
    margin: r.margin,
    fee: r.fee,
  };
}
