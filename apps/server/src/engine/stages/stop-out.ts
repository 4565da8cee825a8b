import { ORDER_STATUS } from '@meridian/contracts';
import {
  accountFigures,
  closeSideOf,
  decimalFloat,
  type Money,
  planStopOut,
  profitExact,
  type Scaled,
  type Side,
  safeNumber,
  scaled,
} from '@meridian/domain';
import type { InstrumentRecord } from '../../market/market-runtime.ts';
import { addMicros } from '../account-book.ts';
import { durable, Effects } from '../effects.ts';
import type { EngineState } from '../engine-state.ts';
import { floatOf, type PricedQuote } from '../exact-market.ts';
import type { LiveOrder } from '../live-order.ts';
import { liveOrdersOf } from '../order-indexes.ts';
import { accountFor, prepare } from '../readiness.ts';
import { floatingMicros, floatingMicrosOf, freshQuoteOf, moneyOf, rates } from '../valuation.ts';
import { settle } from './settle.ts';

// The stop-out level (DESIGN §3): the guard before a position opens, and the exact check that
// closes the largest losses of an account at or below the level.

/** Accounts whose float-estimated equity is within this factor of the stop-out level get an exact check. */
const STOP_OUT_SCREEN = 1.25;

/** A position about to open, for the stop-out guard: at `openPrice`, marked at `q`'s other side. */
export interface Opening {
  instrument: InstrumentRecord;
  side: Side;
  quantityText: string;
  contractSize: Scaled;
  openPrice: Scaled;
  q: PricedQuote;
}

/** The position a pending order `o` becomes when it fills at `fillPrice`. */
export const openingOf = (
  o: LiveOrder,
  instrument: InstrumentRecord,
  fillPrice: Scaled,
  q: PricedQuote,
): Opening => ({
  instrument,
  side: o.side,
  quantityText: o.quantityText,
  contractSize: o.contractSize,
  openPrice: fillPrice,
  q,
});

/** The stop-out level as a fraction, with headroom for the float estimate. */
export function screenFactor(s: EngineState) {
  const level = s.deps.settings.stopOutLevel();
  if (level !== s.lastLevel) {
    s.lastLevel = level;
    s.lastScreen = (Number(level) / 100) * STOP_OUT_SCREEN;
  }
  return s.lastScreen;
}

function riskLevels(s: EngineState) {
  return { marginCall: s.deps.settings.marginCallLevel(), stopOut: s.deps.settings.stopOutLevel() };
}

/**
 * Whether the account would be at the stop-out level once `marginAddMicros` moves from its balance
 * to its margin and `feeAddMicros` is charged, and, with `opening` (a position about to open: a
 * market order, a pending order filling), once that position is marked: it opens at its price and
 * is valued at the quote's other side, so it starts with the spread as a loss.
 */
export function wouldStopOut(
  s: EngineState,
  userId: number,
  slot: number,
  marginAddMicros: number,
  feeAddMicros: number,
  opening: Opening | null,
  screen = true,
) {
  // Screen in floats first (as on a tick); only an account near the level pays for the exact
  // valuation of all its positions. Not during a tick: the positions are revalued after its fills.
  const b = s.book;
  const balanceF = b.balanceMicros[slot]! / 1e6;
  const marginF = b.marginMicros[slot]! / 1e6;
  let openingF = 0;
  if (opening !== null) {
    const { side, q } = opening;
    const openF = floatOf(opening.openPrice);
    const perUnit = side === 'buy' ? q.bidF - openF : openF - q.askF;
    openingF =
      perUnit *
      decimalFloat(opening.quantityText) *
      floatOf(opening.contractSize) *
      s.exact.usdPerUnitF(opening.instrument.quoteCurrency);
  }
  // An unconvertible opening (NaN) is not screened out: the exact figures decide.
  const equityAfter = balanceF + marginF + b.floating(slot) - feeAddMicros / 1e6 + openingF;
  if (screen && equityAfter >= (marginF + marginAddMicros / 1e6) * screenFactor(s)) return false;
  let floatingTotalMicros = floatingMicrosOf(s, userId, rates(s));
  if (opening !== null) {
    const r = profitExact(
      {
        contractSize: opening.contractSize,
        quoteCurrency: opening.instrument.quoteCurrency,
        side: opening.side,
        openPrice: opening.openPrice,
        quantity: scaled(opening.quantityText),
      },
      closeSideOf(opening.side, opening.q),
      rates(s),
    );
    // As an open position that cannot be priced counts in `floatingMicrosOf`: nothing.
    if (r.ok) floatingTotalMicros = addMicros(floatingTotalMicros, safeNumber(r.value.micros));
  }
  const after = accountFigures(
    {
      balance: moneyOf(addMicros(b.balanceMicros[slot]!, -addMicros(marginAddMicros, feeAddMicros))),
      margin: moneyOf(addMicros(b.marginMicros[slot]!, marginAddMicros)),
      floatingProfit: moneyOf(floatingTotalMicros),
    },
    riskLevels(s),
  );
  return after.status === 'stop_out';
}

/**
 * Stop-out (DESIGN §3), exact: when the account's risk rate is at or below the level, close the
 * largest loss and repeat, at the latest quotes.
 */
export function stopOutIfDue(s: EngineState, userId: number, fx: Effects) {
  const slot = s.book.slotOf(userId);
  if (slot === undefined) return;
  const positions = liveOrdersOf(s, userId).filter((o) => o.status === ORDER_STATUS.HOLDING);
  if (positions.length === 0) return;
  const rateSource = rates(s);
  let floatingTotalMicros = 0;
  const closable: Array<{ id: number; margin: Money; profit: Money }> = [];
  for (const o of positions) {
    const profitMicros = floatingMicros(s, o, rateSource) ?? 0;
    floatingTotalMicros = addMicros(floatingTotalMicros, profitMicros);
    // No fill on a stale price (DESIGN §4): a position whose market is closed or has not ticked
    // within its interval (just restarted) counts in the equity but is not closed until its market
    // trades again; meanwhile the largest loss that can be priced goes first.
    if (freshQuoteOf(s, o.instrumentId))
      closable.push({ id: o.id, margin: moneyOf(o.marginMicros), profit: moneyOf(profitMicros) });
  }
  const victims = planStopOut(
    {
      balance: moneyOf(s.book.balanceMicros[slot]!),
      margin: moneyOf(s.book.marginMicros[slot]!),
      floatingProfit: moneyOf(floatingTotalMicros),
    },
    closable,
    riskLevels(s),
  );
  for (const id of victims) {
    const o = s.live.get(id);
    const q = o && s.deps.market.latest(o.instrumentId);
    if (o?.status === ORDER_STATUS.HOLDING && q) {
      try {
        settle(s, o, q, 'stop_out', fx);
      } catch (err) {
        s.deps.log.error({ err, orderId: id }, 'stop-out close failed');
      }
    }
  }
}

/** The exact stop-out check for one account (the monitor's backstop; tests). */
export async function checkStopOut(s: EngineState, userId: number) {
  await prepare(s, userId);
  accountFor(s, userId);
  const fx = new Effects();
  stopOutIfDue(s, userId, fx);
  if (!fx.empty) await durable(s, fx);
}
