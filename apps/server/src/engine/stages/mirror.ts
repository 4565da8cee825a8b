import { FOLLOW_STATUS, ORDER_STATUS } from '@meridian/contracts';
import { COPY_SIZING, copyLots, formatScaled, type Scaled, scaled } from '@meridian/domain';
import { AppError } from '../../lib/app-error.ts';
import type { Quote } from '../../market/types.ts';
import { addMicros } from '../account-book.ts';
import type { LiveFollow } from '../copy/live-follow.ts';
import type { Effects } from '../effects.ts';
import type { EngineState } from '../engine-state.ts';
import { type LiveOrder, rowOf } from '../live-order.ts';
import { restageStops } from '../order-indexes.ts';
import { floatingMicrosOf, instrumentOf, rates } from '../valuation.ts';
import { settle } from './settle.ts';
import { decideSubmit } from './submit.ts';

// Mirroring (DESIGN §9): a provider's position opening, closing and changing its stops is copied
// into every active follow's allocation in the same synchronous decision, so the copies are in the
// provider's journal batch: durable together or not at all. Each copy passes the follower's own
// rules (`decideSubmit`); one that cannot be made is recorded with its reason, never dropped.

/** An account's equity (balance + margin + floating profit at the latest quotes), micro-dollars. */
export function equityMicros(s: EngineState, userId: number): number {
  const slot = s.book.slotOf(userId);
  if (slot === undefined) return 0;
  const b = s.book;
  return addMicros(
    addMicros(b.balanceMicros[slot]!, b.marginMicros[slot]!),
    floatingMicrosOf(s, userId, rates(s)),
  );
}

const lotsText = (v: Scaled) => formatScaled(v.n, v.s);

/**
 * What every copy of one provider position shares, parsed once per mirroring rather than once per
 * follow (measured: parsing the terms and sizing each copy from scratch made 10 000 copies cost
 * 1.7× as many independent orders in memory), and the sizes already worked out for a fixed
 * multiplier and cap, which do not depend on the follower.
 */
export interface CopySource {
  p: LiveOrder;
  providerLots: Scaled;
  providerLotsText: string;
  providerEquityMicros: number;
  lotStep: Scaled;
  minLots: Scaled;
  instrumentMaxLots: Scaled | null;
  fixedSizes: Map<string, string | null>;
}

export function copySourceOf(s: EngineState, p: LiveOrder): CopySource {
  const instrument = instrumentOf(s, p);
  return {
    p,
    providerLots: scaled(p.quantityText),
    providerLotsText: p.quantityText,
    providerEquityMicros: equityMicros(s, p.userId),
    lotStep: scaled(instrument.lotStep),
    minLots: scaled(instrument.minLots),
    instrumentMaxLots: instrument.maxLotsPerOrder ? scaled(instrument.maxLotsPerOrder) : null,
    fixedSizes: new Map(),
  };
}

/** The provider's new position `p` copied into every active follow. */
export function mirrorOpen(s: EngineState, p: LiveOrder, fx: Effects) {
  const followers = s.copy.followersOf(p.userId);
  if (followers === undefined || s.copy.closedProviders.has(p.userId)) return;
  const source = copySourceOf(s, p);
  // A copy placed from here may close at once (a gap beyond its stop) and change the list.
  for (const f of [...followers]) if (f.status === FOLLOW_STATUS.ACTIVE) copyInto(s, f, source, fx);
}

/** The copy's lots as text, or null when the rules make it smaller than the instrument allows. */
function sizeOf(s: EngineState, f: LiveFollow, c: CopySource): string | null {
  const fixed = f.sizing === COPY_SIZING.FIXED_MULTIPLIER;
  const key = fixed
    ? `${f.multiplier.n}e${f.multiplier.s}|${f.maxLots ? `${f.maxLots.n}e${f.maxLots.s}` : ''}`
    : '';
  if (fixed) {
    const known = c.fixedSizes.get(key);
    if (known !== undefined) return known;
  }
  const sized = copyLots({
    providerLots: c.providerLots,
    sizing: f.sizing,
    multiplier: f.multiplier,
    // Only the equity ratio reads the allocation's equity (its open copies revalued).
    followerEquityMicros: fixed ? 1 : equityMicros(s, f.id),
    providerEquityMicros: c.providerEquityMicros,
    lotStep: c.lotStep,
    minLots: c.minLots,
    maxLotsPerCopy: f.maxLots,
    instrumentMaxLots: c.instrumentMaxLots,
  });
  const lots = sized.ok ? lotsText(sized.lots) : null;
  if (fixed) c.fixedSizes.set(key, lots);
  return lots;
}

/** One copy of the provider's position into `f` (sized now), or its refusal recorded. */
export function copyInto(s: EngineState, f: LiveFollow, c: CopySource, fx: Effects) {
  const p = c.p;
  const lots = sizeOf(s, f, c);
  if (lots === null) {
    refuse(s, f, p, c.providerLotsText, new AppError('COPY_TOO_SMALL'));
    return;
  }
  try {
    decideSubmit(
      s,
      f.id,
      {
        side: p.side,
        kind: 'market',
        instrumentId: p.instrumentId,
        quantity: lots,
        leverage: p.leverage,
        targetPrice: '',
        stopLoss: p.stopLossText,
        takeProfit: p.takeProfitText,
      },
      p.id,
    );
    fx.touched.add(f.id);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    refuse(s, f, p, lots, err);
  }
}

function refuse(s: EngineState, f: LiveFollow, p: LiveOrder, lots: string, err: AppError) {
  s.journal.putRefusal({
    followId: f.id,
    providerOrderId: p.id,
    instrumentId: p.instrumentId,
    side: p.side === 'buy' ? 1 : 2,
    lots,
    code: err.code,
    reason: err.msgKey,
    params: err.params ?? {},
    createdAt: new Date(s.deps.now()),
  });
}

/** The provider's position `p` closed at `q`: every copy of it closes at the same quote. */
export function mirrorClose(s: EngineState, p: LiveOrder, q: Quote, fx: Effects) {
  const copies = s.copy.copiesOf(p.id);
  if (copies === undefined) return;
  for (const c of [...copies]) {
    if (c.status !== ORDER_STATUS.HOLDING || s.live.get(c.id) !== c) continue;
    try {
      settle(s, c, q, 'leader', fx);
    } catch (err) {
      // No USD rate for the copy's profit now: it stays open and closes by its own stops, its
      // follower or the next provider close; recorded, as a copy that cannot be made is.
      if (!(err instanceof AppError)) throw err;
      const f = s.copy.followOfAccount(c.userId);
      if (f) refuse(s, f, p, c.quantityText, err);
    }
  }
}

/** The provider moved the stops of position `p`: every copy takes the same levels. */
export function mirrorStops(s: EngineState, p: LiveOrder) {
  const copies = s.copy.copiesOf(p.id);
  if (copies === undefined) return;
  for (const c of copies) {
    if (c.status !== ORDER_STATUS.HOLDING) continue;
    // Same side, same quote, same moment: the levels the provider's rules accepted are valid here.
    c.stopLossText = p.stopLossText;
    c.takeProfitText = p.takeProfitText;
    restageStops(s, c, rowOf(c));
  }
}
