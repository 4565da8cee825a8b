import { ORDER_STATUS } from '@meridian/contracts';
import type { ExactRateSource, Money } from '@meridian/domain';
import { AppError } from '../../lib/app-error.ts';
import type { Figures } from '../account-book.ts';
import type { EngineState } from '../engine-state.ts';
import type { LiveOrder } from '../live-order.ts';
import { findOrder } from '../order.repository.ts';
import { accountFor, prepare } from '../readiness.ts';
import { floatingMicros, moneyOf } from '../valuation.ts';

// One account as the trader's screens and the account monitor's pushes read it.

/** Whether the user holds a position in any of these instruments (the monitor's push filter). */
export function holdsAnyOf(s: EngineState, userId: number, instrumentIds: ReadonlySet<number>): boolean {
  const slot = s.book.slotOf(userId);
  for (let o = slot === undefined ? null : s.byAccount.first(slot); o; o = o.nextOfUser)
    if (o.status === ORDER_STATUS.HOLDING && instrumentIds.has(o.instrumentId)) return true;
  return false;
}

/** The account's figures (ahead of the database by at most one batch), as Money. */
export async function figures(s: EngineState, userId: number): Promise<Figures> {
  await prepare(s, userId);
  const slot = accountFor(s, userId);
  const b = s.book;
  return {
    balance: moneyOf(b.balanceMicros[slot]!),
    lock: moneyOf(b.lockMicros[slot]!),
    margin: moneyOf(b.marginMicros[slot]!),
    tradingFrozen: b.frozen[slot] === 1,
  };
}

/**
 * An order's current price as the trader sees it: a position's close side (the bid of a buy), a
 * pending order's fill side (the ask of a buy); 0 with no quote.
 */
export function currentPrice(s: EngineState, o: LiveOrder): number {
  const q = s.deps.market.latest(o.instrumentId);
  if (!q) return 0;
  return (o.side === 'buy') === (o.status === ORDER_STATUS.HOLDING) ? q.bid : q.ask;
}

/** Floating profit of a position at the latest quote (USD, exact); null when it cannot be priced. */
export function floatingProfit(s: EngineState, o: LiveOrder, rateSource: ExactRateSource): Money | null {
  const profitMicros = floatingMicros(s, o, rateSource);
  return profitMicros === null ? null : moneyOf(profitMicros);
}

/** The user's order by id, from the database (any status); another user's answers as missing. */
export async function findOwned(s: EngineState, userId: number, orderId: number) {
  const row = await findOrder(s.deps.db, orderId);
  if (!row || row.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
  return row;
}
