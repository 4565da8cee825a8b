import { ORDER_STATUS } from '@meridian/contracts';
import { decimalFloat } from '@meridian/domain';
import type { EngineState } from './engine-state.ts';
import { floatOf } from './exact-market.ts';
import { getOrCreate } from './get-or-create.ts';
import type { LiveOrder } from './live-order.ts';
import type { OrderRow } from './order.repository.ts';
import { PositionTable } from './position-table.ts';
import { removeTriggers, TriggerIndex } from './trigger-index.ts';

// Where a live order is kept: the id table, its account's list and lots, its instrument's triggers
// and, once open, its instrument's position table. Every stage changes them through `stage`.

/** The instrument's lane: a small dense number, in the order first seen (the user's lot tallies). */
export function laneOf(s: EngineState, instrumentId: number): number {
  let lane = s.lanes.get(instrumentId);
  if (lane === undefined) {
    lane = s.lanes.size;
    s.lanes.set(instrumentId, lane);
  }
  return lane;
}

export function index(s: EngineState, o: LiveOrder) {
  const slot = s.book.slot(o.userId);
  const mine = s.byAccount;
  // First what may grow the arrays or refuse (an order already listed): nothing is half done then.
  const lots = mine.lotsFor(slot, laneOf(s, o.instrumentId));
  mine.append(slot, o);
  s.live.set(o.id, o);
  mine.lots.add(lots, o.quantityText, 1);
  indexTriggers(s, o);
  if (o.copyOfOrderId !== null) s.copy.link(o, o.status === ORDER_STATUS.HOLDING);
  if (o.status === ORDER_STATUS.HOLDING) {
    // Floats for the screen only; decimalFloat(text) is the same double as the exact value's quotient.
    const units = decimalFloat(o.quantityText) * floatOf(o.contractSize) * (o.side === 'buy' ? 1 : -1);
    getOrCreate(s.positions, o.instrumentId, () => new PositionTable(s.arena)).add(
      o,
      o.openPriceText === null ? 0 : decimalFloat(o.openPriceText),
      units,
      slot,
    );
  }
}

/** A pending order's fill level, or an open position's stop loss and take profit. */
export function indexTriggers(s: EngineState, o: LiveOrder) {
  const t = getOrCreate(s.triggers, o.instrumentId, () => ({
    bid: new TriggerIndex(s.triggerSets),
    ask: new TriggerIndex(s.triggerSets),
  }));
  if (o.status === ORDER_STATUS.PENDING && o.pendingKind && o.targetPriceText !== null) {
    // buy orders fill on the ask, sell orders on the bid; limits wait below/above, stops beyond.
    const onAsk = o.pendingKind === 'buy_limit' || o.pendingKind === 'buy_stop';
    const direction = o.pendingKind === 'buy_limit' || o.pendingKind === 'sell_stop' ? 'below' : 'above';
    (onAsk ? t.ask : t.bid).add(direction, o.id, decimalFloat(o.targetPriceText), 'fill', o);
  }
  if (o.status === ORDER_STATUS.HOLDING) {
    // Stops of a position are checked on the close side: a buy's stop loss below, take profit above.
    const isBuy = o.side === 'buy';
    const closeSide = isBuy ? t.bid : t.ask;
    const lossSide = isBuy ? 'below' : 'above';
    const profitSide = isBuy ? 'above' : 'below';
    if (o.stopLossText !== '0') closeSide.add(lossSide, o.id, decimalFloat(o.stopLossText), 'stop_loss', o);
    if (o.takeProfitText !== '0')
      closeSide.add(profitSide, o.id, decimalFloat(o.takeProfitText), 'take_profit', o);
  }
}

/** Takes a live order (the very object the engine holds for its id) out of every index. */
function unindex(s: EngineState, o: LiveOrder) {
  const slot = s.book.slotOf(o.userId);
  // Only the very object the engine holds for this id: a stale one (kept from before a rebuild)
  // would cut its owner's list and take its lots off the limit. Refused before anything changes.
  if (slot === undefined || s.live.get(o.id) !== o) throw new Error(`order ${o.id} is not live`);
  const mine = s.byAccount;
  const lots = mine.lotsFor(slot, laneOf(s, o.instrumentId));
  mine.unlink(slot, o);
  s.live.delete(o.id);
  mine.lots.add(lots, o.quantityText, -1);
  removeTriggers(o);
  if (o.copyOfOrderId !== null) s.copy.unlink(o, o.status === ORDER_STATUS.HOLDING);
  if (o.positionSlot >= 0) {
    const gone = s.positions.get(o.instrumentId)?.remove(o);
    if (gone) s.book.dropFloating(gone.accountSlot, gone.lastUsd);
  }
}

/**
 * New stops on a live order: only its triggers change (an open position's; a pending order's
 * stops wait for the fill), not its lots or its place in the stop-out screen.
 */
export function restageStops(s: EngineState, o: LiveOrder, row: OrderRow) {
  // The order object was edited in place (setStops); only its triggers move.
  if (o.status === ORDER_STATUS.HOLDING) {
    removeTriggers(o);
    indexTriggers(s, o);
  }
  s.journal.putOrder(row);
}

/**
 * Replaces an order's memory and stages its row for the journal: `was` is the object the engine
 * held for it until now (null for a new order), `o` what it holds from now on (the same object
 * when the order ends). Callers pass what they already hold: looking the id up again was a cold
 * map read on every new order (~3 % of the command mix by line profile).
 */
export function stage(s: EngineState, was: LiveOrder | null, o: LiveOrder, row: OrderRow) {
  if (was !== null) unindex(s, was);
  if (row.status === ORDER_STATUS.PENDING || row.status === ORDER_STATUS.HOLDING) index(s, o);
  s.journal.putOrder(row);
}

/** The user's pending orders and open positions, oldest first. */
export function liveOrdersOf(s: EngineState, userId: number): LiveOrder[] {
  const out: LiveOrder[] = [];
  const slot = s.book.slotOf(userId);
  for (let o = slot === undefined ? null : s.byAccount.first(slot); o; o = o.nextOfUser) out.push(o);
  return out;
}
