import type { EngineState } from '../engine-state.ts';

// The engine's state over time, as its callers wait on it: recovering, settled, durable, idle.

/** Whether memory is being rebuilt after a failed write (commands wait, then are refused). */
export function isRecovering(s: EngineState): boolean {
  return s.recovering !== null || s.journal.isFailed;
}

/**
 * Resolves once memory holds the database's live orders: a rebuild after a failed write empties
 * it first, so reads that must not see an empty book (staff lists, exposure) wait for this.
 */
export async function settled(s: EngineState): Promise<void> {
  while (s.recovering) await s.recovering;
}

/**
 * Resolves once every decision made so far is in the database: a tick's closes and fills are
 * committed in the background, and a list read from the order tables in between showed a closed
 * position as still holding (with no live price). A failed batch resolves too: the engine then
 * rebuilds from the database, which is what the reader sees.
 */
export async function committedSoFar(s: EngineState): Promise<void> {
  await s.journal.commit().catch(() => undefined);
}

/** Resolves when everything decided so far is durable (shutdown, tests). */
export async function idle(s: EngineState) {
  if (s.recovering) await s.recovering;
  await s.journal.idle();
}
