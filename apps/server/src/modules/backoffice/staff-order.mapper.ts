import { ORDER_STATUS, type StaffOrderRow } from '@meridian/contracts';
import { decimalAtLeast, formatPrice, money, toCents } from '@meridian/domain';
import type { LiveOrder } from '../../engine/live-order.ts';
import type { OrderRow } from '../../engine/order.repository.ts';
import { iso } from '../../lib/iso-time.ts';
import type { BackofficeDeps } from './backoffice-deps.ts';

/** Who an order belongs to, as staff rows show it. */
export type OrderOwner = { uid: string; isDemo: boolean };

/** An order as staff see it; a live one also with its current price and floating profit. */
export function toStaffOrderRow(
  deps: Pick<BackofficeDeps, 'engine' | 'market'>,
  r: OrderRow,
  owner: OrderOwner,
  live?: LiveOrder,
): StaffOrderRow {
  const { engine } = deps;
  const instrument = deps.market.instrumentById(r.instrumentId);
  const floating = live ? engine.floatingProfit(live) : null;
  const digits = instrument?.pricePrecision ?? 0;
  const price = (v: string | null) => (v ? decimalAtLeast(v, digits) : null);
  return {
    id: r.id,
    userId: r.userId,
    uid: owner.uid,
    demo: owner.isDemo,
    instrumentId: r.instrumentId,
    code: instrument?.code ?? String(r.instrumentId),
    side: r.side === 1 ? 'buy' : 'sell',
    status: r.status,
    quantity: money(r.quantity).toFixed(),
    leverage: r.leverage,
    marginMode: r.marginMode,
    openPrice: price(r.openPrice),
    targetPrice: price(r.targetPrice),
    currentPrice: live ? formatPrice(engine.currentPrice(live), digits) : null,
    closePrice: r.status === ORDER_STATUS.CLOSED ? price(r.closePrice) : null,
    stopLoss: money(r.stopLoss).isZero() ? '0' : decimalAtLeast(r.stopLoss, digits),
    takeProfit: money(r.takeProfit).isZero() ? '0' : decimalAtLeast(r.takeProfit, digits),
    margin: money(r.margin).toFixed(6),
    fee: money(r.fee).toFixed(6),
    profit: live
      ? floating
        ? toCents(floating)
        : null
      : r.realisedProfit
        ? toCents(money(r.realisedProfit))
        : null,
    closeReason: r.closeReason,
    createdAt: r.createdAt.toISOString(),
    closedAt: iso(r.closedAt),
  };
}
