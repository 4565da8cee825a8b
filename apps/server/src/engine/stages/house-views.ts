import { ORDER_STATUS } from '@meridian/contracts';
import {
  addScaled,
  formatScaled,
  LEDGER_SCALE,
  type Money,
  money,
  type Scaled,
  toCents,
} from '@meridian/domain';
import type { EngineState } from '../engine-state.ts';
import { getOrCreate } from '../get-or-create.ts';
import { type LiveOrder, lotsOf } from '../live-order.ts';
import { liveOrdersOf } from '../order-indexes.ts';
import { floatingMicros, floatingMicrosOf, rates, text } from '../valuation.ts';

// The back office's reads of the whole book: counts, the positions monitor, the risk levels'
// preview and the house's exposure. Reads only: nothing here decides.

const ZERO_LOTS: Scaled = { n: 0n, s: 0 };

/** Whether an order belongs to a demo account (virtual money: not the broker's book). */
function isDemoOrder(s: EngineState, o: LiveOrder): boolean {
  const slot = s.book.slotOf(o.userId);
  return slot !== undefined && s.book.demo[slot] === 1;
}

/** How many positions are open and orders pending on real accounts (dashboard), without listing them. */
export function liveCounts(s: EngineState) {
  let open = 0;
  let pending = 0;
  for (const o of s.live.values()) {
    if (isDemoOrder(s, o)) continue;
    if (o.status === ORDER_STATUS.HOLDING) open++;
    else pending++;
  }
  return { open, pending };
}

/** Every live order (positions monitor), optionally filtered. */
export function allLive(
  s: EngineState,
  filter: { status?: 0 | 1; userId?: number; instrumentId?: number },
): LiveOrder[] {
  const orders = filter.userId !== undefined ? liveOrdersOf(s, filter.userId) : s.live.values();
  const out: LiveOrder[] = [];
  for (const o of orders) {
    if (filter.status !== undefined && o.status !== filter.status) continue;
    if (filter.instrumentId !== undefined && o.instrumentId !== filter.instrumentId) continue;
    out.push(o);
  }
  return out.sort((a, b) => b.id - a.id);
}

/**
 * What new risk levels would touch now (the back office's confirmation before saving them): the
 * accounts holding positions whose risk rate (DESIGN §3) is at or below each level, real and demo
 * apart, and the positions of those at the stop-out level. Read at the latest marks, in floats:
 * a preview, not a decision (the engine decides exactly on the next tick).
 */
export function riskImpact(s: EngineState, levels: { stopOut: number; marginCall: number }) {
  const rateSource = rates(s);
  const holders = new Map<number, { positions: number; demo: boolean }>();
  for (const o of s.live.values()) {
    if (o.status !== ORDER_STATUS.HOLDING) continue;
    const h = holders.get(o.userId);
    if (h) h.positions++;
    else holders.set(o.userId, { positions: 1, demo: isDemoOrder(s, o) });
  }
  const out = {
    stopOut: { accounts: 0, demoAccounts: 0, positions: 0 },
    marginCall: { accounts: 0, demoAccounts: 0 },
  };
  for (const [userId, h] of holders) {
    const slot = s.book.slotOf(userId);
    if (slot === undefined) continue;
    const marginMicros = s.book.marginMicros[slot]!;
    if (marginMicros <= 0) continue;
    const equityMicros = s.book.balanceMicros[slot]! + marginMicros + floatingMicrosOf(s, userId, rateSource);
    const riskRate = (equityMicros / marginMicros) * 100;
    if (riskRate <= levels.marginCall) out.marginCall[h.demo ? 'demoAccounts' : 'accounts']++;
    if (riskRate <= levels.stopOut) {
      out.stopOut[h.demo ? 'demoAccounts' : 'accounts']++;
      out.stopOut.positions += h.positions;
    }
  }
  return out;
}

/**
 * The broker's exposure per instrument (the house is every trader's counterparty): traders' net
 * lots, their net notional in USD at the mid, and the house's floating profit (minus theirs). Real
 * accounts only: a demo account's positions are virtual money no one hedges (DESIGN §6).
 */
export function exposure(s: EngineState) {
  const rateSource = rates(s);
  // The house's total over every account can pass what a Number holds exactly: BigInt here.
  const per = new Map<number, { lots: Scaled; units: Money; floatingMicros: bigint; positions: number }>();
  for (const o of s.live.values()) {
    if (o.status !== ORDER_STATUS.HOLDING || isDemoOrder(s, o)) continue;
    const e = getOrCreate(per, o.instrumentId, () => ({
      lots: ZERO_LOTS,
      units: money('0'),
      floatingMicros: 0n,
      positions: 0,
    }));
    const lots = lotsOf(o);
    e.lots = addScaled(e.lots, o.side === 'buy' ? lots : { n: -lots.n, s: lots.s });
    // Each position at its own contract size (its terms stay with it when staff change them).
    const units = money(o.quantityText).times(money(o.contractSizeText));
    e.units = o.side === 'buy' ? e.units.plus(units) : e.units.minus(units);
    e.floatingMicros += BigInt(floatingMicros(s, o, rateSource) ?? 0);
    e.positions++;
  }
  const market = s.deps.market;
  const out = [];
  for (const [instrumentId, e] of per) {
    const instrument = market.instrumentById(instrumentId);
    const q = market.latest(instrumentId);
    const lots = money(text(e.lots));
    let notional = money('0');
    if (instrument && q) {
      const usdPer = s.exact.usdPerUnitF(instrument.quoteCurrency);
      const inQuote = e.units.times(money(q.mid.toFixed(instrument.pricePrecision + 1)));
      notional = Number.isFinite(usdPer) ? inQuote.times(money(usdPer.toFixed(10))) : money('0');
    }
    out.push({
      instrumentId,
      code: instrument?.code ?? String(instrumentId),
      netLots: lots.toFixed(),
      notionalUsd: notional.toDecimalPlaces(2).toFixed(2),
      houseFloatingUsd: toCents(money(formatScaled(-e.floatingMicros, LEDGER_SCALE))),
      positions: e.positions,
    });
  }
  return out.sort((a, b) => a.code.localeCompare(b.code));
}
