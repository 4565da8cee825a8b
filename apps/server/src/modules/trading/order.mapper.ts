import { ORDER_STATUS, type Order } from '@meridian/contracts';
import { money, toMarginText } from '@meridian/domain';
import type { OrderRow } from '../../engine/order.repository.ts';
import type { InstrumentRecord } from '../../market/market-runtime.ts';

const num = (v: string | null) => (v === null ? 0 : Number(v));
/** Money of an order (fee, profit) with its 6 stored decimals, as CautionMoney and the pushes show it. */
const text6 = (v: string | null) => money(v ?? '0').toFixed(6);
const iso = (d: Date | null) => (d ? d.toISOString() : '');

/** Database row → spec §3 Order; live figures (current price, floating profit) come from the engine. */
export function toOrderDto(
  r: OrderRow,
  instrument: InstrumentRecord | undefined,
  live?: { updatePrice: number; floatingProfit: string | null },
): Order {
  const holding = r.status === ORDER_STATUS.HOLDING;
  // A cancelled order never traded: its margin and fee went back with the cancel (the stored row
  // keeps what it reserved, for the audit), so the trader is shown nothing held and nothing charged.
  const cancelled = r.status === ORDER_STATUS.CANCELLED;
  return {
    Id: r.id,
    ForexId: r.instrumentId,
    ForexTradeLists: {
      Code: instrument?.code ?? '',
      ShowCode: instrument?.showCode ?? '',
      PricePrecision: instrument?.pricePrecision ?? 5,
    },
    OrderType: r.side,
    Quantity: money(r.quantity).toFixed(),
    Price: num(r.openPrice),
    OriginPrice: num(r.targetPrice ?? r.openPrice),
    // Live orders: the current price (a position's close side, a pending order's fill side); ended
    // ones: their close price.
    UpdatePrice: holding || r.status === ORDER_STATUS.PENDING ? (live?.updatePrice ?? 0) : num(r.closePrice),
    ClosePrice: num(r.closePrice),
    FactProfits: holding ? text6(live?.floatingProfit ?? '0') : text6(r.realisedProfit),
    CautionMoney: toMarginText(money(cancelled ? '0' : r.margin)),
    TradeFee: text6(cancelled ? '0' : r.fee),
    Multiple: r.leverage,
    MarginMode: r.marginMode,
    TargetLossPrice: num(r.stopLoss),
    TargetProfitPrice: num(r.takeProfit),
    Status: r.status,
    CloseReason: r.closeReason ?? '',
    CreateTimeHandler: iso(r.createdAt),
    CompleteTimeHandler: iso(r.closedAt),
  };
}
