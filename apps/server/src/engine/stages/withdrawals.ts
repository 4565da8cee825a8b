import { ORDER_STATUS } from '@meridian/contracts';
import { LEDGER_TYPE, type Money } from '@meridian/domain';
import { MARKET_STATUS } from '../../market/market-status.ts';
import { addMicros, type Movement, microsWithin } from '../account-book.ts';
import { durable, Effects } from '../effects.ts';
import type { EngineState } from '../engine-state.ts';
import { liveOrdersOf } from '../order-indexes.ts';
import { accountFor, prepare } from '../readiness.ts';
import { floatingMicros, floatingMicrosOf, moneyOf, rates } from '../valuation.ts';
import { mustMove } from './settle.ts';

// Money leaving or entering an account for another reason than trading (withdrawals, deposits,
// staff adjustments): decided in the same synchronous steps as orders, so both never spend the
// same money.

/**
 * What the user may withdraw now (DESIGN §7): the balance, less any floating loss of open
 * positions (so equity stays at or above the margin they hold), never below 0; whole cents down.
 */
function withdrawableMicros(s: EngineState, userId: number): number {
  const freeMicros = freeMicrosOf(s, userId);
  return freeMicros - (freeMicros % 10_000);
}

/**
 * Whether an open position has no price (no quote since a restart, no conversion rate), or, with a
 * price feed that can be away (`pricedNow`), only one the feed does not vouch for while its market
 * is open (the feed away, not back since a restart, a print waiting): it may be losing any amount,
 * so no money leaves the account until every position can be valued. A closed market's last price
 * is its price (the weekend values positions at Friday's close).
 */
export function hasUnpricedPosition(s: EngineState, userId: number): boolean {
  const market = s.deps.market;
  return liveOrdersOf(s, userId).some(
    (o) =>
      o.status === ORDER_STATUS.HOLDING &&
      (floatingMicros(s, o) === null ||
        (market.pricedNow !== undefined &&
          market.status(o.instrumentId) === MARKET_STATUS.OPEN &&
          !market.pricedNow(o.instrumentId))),
  );
}

/** The balance less any floating loss of open positions, never below 0 (to the micro-dollar). */
export function freeMicrosOf(s: EngineState, userId: number): number {
  const balanceMicros = s.book.balanceMicros[accountFor(s, userId)]!;
  const floatingTotalMicros = floatingMicrosOf(s, userId, rates(s));
  const freeMicros = addMicros(balanceMicros, floatingTotalMicros < 0 ? floatingTotalMicros : 0);
  return freeMicros <= 0 ? 0 : freeMicros;
}

/**
 * A withdrawal request: the amount moves from balance to frozen at once, decided in the same
 * synchronous step as orders, so a withdrawal and an order can never both spend the same money.
 */
export async function freezeForWithdrawal(
  s: EngineState,
  userId: number,
  amount: Money,
  withdrawalId: number,
): Promise<{ ok: true } | { ok: false; free: Money } | { ok: false; unpriced: true }> {
  await prepare(s, userId);
  if (hasUnpricedPosition(s, userId)) return { ok: false, unpriced: true };
  const freeMicros = withdrawableMicros(s, userId);
  const wantedMicros = microsWithin(amount) ?? Number.POSITIVE_INFINITY; // beyond exact: more than anyone holds
  if (wantedMicros > freeMicros) return { ok: false, free: moneyOf(freeMicros) };
  mustMove(s, {
    userId,
    type: LEDGER_TYPE.WITHDRAWAL_FREEZE,
    balanceDelta: -wantedMicros,
    lockDelta: wantedMicros,
    memo: `withdrawal ${withdrawalId}`,
    idempotencyKey: `withdraw-freeze:${withdrawalId}`,
  });
  const fx = new Effects();
  fx.touched.add(userId);
  await durable(s, fx);
  return { ok: true };
}

/**
 * Money moved for another reason than trading (the wallet, staff adjustments): through the same
 * book and journal, so the engine's figures never go stale. Resolves once durable.
 */
export async function moveMoney(
  s: EngineState,
  m: Movement,
): Promise<{ ok: true; balanceAfter: Money } | { ok: false; free?: Money; unpriced?: true; deficit?: true }> {
  await prepare(s, m.userId);
  accountFor(s, m.userId);
  // An amount beyond what the book holds exactly is refused like an unaffordable one.
  const balanceDelta = microsWithin(m.balanceDelta);
  const lockDelta = m.lockDelta === undefined ? 0 : microsWithin(m.lockDelta);
  const marginDelta = m.marginDelta === undefined ? 0 : microsWithin(m.marginDelta);
  if (balanceDelta === null || lockDelta === null || marginDelta === null) return { ok: false };
  // A staff debit may take only what a withdrawal could (DESIGN §7): with a position losing, the
  // balance alone would let it push the account into a margin call or a stop-out.
  // To the micro-dollar: staff may take a balance's fractions of a cent, a withdrawal may not.
  if (m.notInDeficit && s.book.balanceMicros[accountFor(s, m.userId)]! < 0)
    return { ok: false, deficit: true };
  if (m.withinFree && balanceDelta < 0) {
    if (hasUnpricedPosition(s, m.userId)) return { ok: false, unpriced: true };
    const freeMicros = freeMicrosOf(s, m.userId);
    // The limit is named to whoever asked (staff see how much they may take).
    if (-balanceDelta > freeMicros) return { ok: false, free: moneyOf(freeMicros) };
  }
  const r = s.book.move({ ...m, balanceDelta, lockDelta, marginDelta });
  if (!r.ok) return r;
  const fx = new Effects();
  fx.touched.add(m.userId);
  await durable(s, fx);
  return { ok: true, balanceAfter: moneyOf(r.balanceAfter) };
}
