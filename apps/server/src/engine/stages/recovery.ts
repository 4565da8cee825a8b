import { ORDER_STATUS } from '@meridian/contracts';
import { classifyPending, type PendingKind } from '@meridian/domain';
import { inArray } from 'drizzle-orm';
import { superseded } from '../../db/fenced-writer.ts';
import { users } from '../../db/schema.ts';
import { ACCOUNT_COLUMNS } from '../account-book.ts';
import { loadClosedProviders, loadLiveFollows } from '../copy/follow.repository.ts';
import { liveFollowFromRow } from '../copy/live-follow.ts';
import { commitInBackground, Effects } from '../effects.ts';
import type { EngineState } from '../engine-state.ts';
import { liveOrderFromRow } from '../live-order.ts';
import { loadLiveOrders, type OrderRow } from '../order.repository.ts';
import { index } from '../order-indexes.ts';
import { TriggerSets } from '../trigger-index.ts';
import { stopOutIfDue } from './stop-out.ts';
import { revalueTable } from './tick.ts';

// Memory from the database: at start-up, and after a failed journal write (the database stays the
// truth: pending orders and open positions in `orders`, figures in `users`, movements in the ledger).

/** Loads every pending order and open position, and their accounts' figures (start-up). */
export async function rebuild(s: EngineState) {
  clearMemory(s);
  s.exact.buildConversions();
  const rows = await loadLiveOrders(s.deps.db);
  // Follows first: their allocations and providers are decided for in a tick, with no load then.
  const liveFollows = await loadLiveFollows(s.deps.db);
  const closedProviders = await loadClosedProviders(s.deps.db);
  const owners = [
    ...new Set([...rows.map((r) => r.userId), ...liveFollows.flatMap((f) => [f.id, f.providerUserId])]),
  ];
  for (let i = 0; i < owners.length; i += 5000) {
    const chunk = owners.slice(i, i + 5000);
    const figures = await s.deps.db
      .select({ id: users.id, ...ACCOUNT_COLUMNS })
      .from(users)
      .where(inArray(users.id, chunk));
    s.book.adopt(figures);
  }
  for (const f of liveFollows) s.copy.put(liveFollowFromRow(f));
  for (const id of closedProviders) s.copy.closedProviders.add(id);
  for (const row of rows) {
    const kind = row.status === ORDER_STATUS.PENDING && row.targetPrice ? pendingKindFor(row) : null;
    index(s, liveOrderFromRow(row, kind));
  }
  revalueAtLatest(s);
  // At start-up the journal is healthy: decide now. A recovery decides once the journal is reset.
  if (!s.recovering) stopOutRebuilt(s);
  return rows.length;
}

/**
 * Positions come back with no running profit (the per-tick revaluation adds what moved since the
 * last tick), so an account's floating total would count an instrument only once it ticks again:
 * an account already past the stop-out level on a quiet or closed market would stay open. Marked
 * here at the latest quotes; the accounts flagged are checked exactly by `stopOutRebuilt`.
 */
function revalueAtLatest(s: EngineState) {
  const flagged = new Set<number>();
  for (const [instrumentId, table] of s.positions) {
    const q = s.deps.market.latest(instrumentId);
    if (q) revalueTable(s, table, q, flagged);
  }
  for (const slot of flagged) s.rebuiltSuspects.add(s.book.userAt(slot));
}

/** The exact stop-out check of the accounts the rebuild's revaluation flagged. */
function stopOutRebuilt(s: EngineState) {
  if (s.rebuiltSuspects.size === 0) return;
  const fx = new Effects();
  for (const userId of s.rebuiltSuspects) stopOutIfDue(s, userId, fx);
  s.rebuiltSuspects.clear();
  commitInBackground(s, fx);
}

function clearMemory(s: EngineState) {
  s.live.clear();
  s.byAccount.clear();
  s.triggers.clear();
  s.triggerSets = new TriggerSets();
  for (const table of s.positions.values()) table.release();
  s.positions.clear();
  s.book.clear();
  s.copy.clear();
  s.exact.clear();
  s.rebuiltSuspects.clear();
}

/** A failed write: refuse commands, rebuild memory from the database, then carry on. */
export function recover(s: EngineState, err: unknown) {
  if (superseded(err)) {
    // Rebuilding would only decide against another engine's database: stay refusing, and stop.
    s.deps.log.fatal({ err }, 'another trading engine took this database over');
    s.recovering ??= new Promise<void>(() => {});
    s.deps.onSuperseded?.(err);
    return;
  }
  s.deps.log.error({ err }, 'journal write failed: rebuilding the trading engine from the database');
  if (s.recovering) return;
  s.recovering = (async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        // Nothing is read back while a lost write could still commit behind the read.
        await s.writer.fence();
        await rebuild(s);
        // Batches whose fate the database could not tell when their write failed: it can now.
        await s.journal.decideUndecided();
        break;
      } catch (e) {
        s.deps.log.error({ err: e, attempt }, 'trading engine rebuild failed; retrying');
        await new Promise((r) => setTimeout(r, Math.min(5000, 200 * attempt)));
      }
    }
    s.journal.reset();
  })().finally(() => {
    s.recovering = null;
    stopOutRebuilt(s);
  });
}

function pendingKindFor(row: OrderRow): PendingKind | null {
  // The kind was decided against the market when placed; it is recoverable from the quote it was
  // placed against: a buy target below that ask is a limit, above it a stop.
  const side = row.side === 1 ? 'buy' : 'sell';
  if (!row.openAsk || !row.openBid) return null;
  return classifyPending(side, row.targetPrice!, { bid: row.openBid, ask: row.openAsk });
}
