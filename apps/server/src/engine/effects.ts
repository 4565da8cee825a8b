import type { EngineState } from './engine-state.ts';
import { getOrCreate } from './get-or-create.ts';

/** What a decision changed, told to sockets once the journal made it durable. */
export class Effects {
  readonly ended = new Map<number, number[]>();
  readonly touched = new Set<number>();
  /** Accounts whose frozen withdrawal money covered a loss (rare: made when first needed). */
  frozenApplied: Set<number> | null = null;
  end(userId: number, orderId: number) {
    getOrCreate(this.ended, userId, () => []).push(orderId);
    this.touched.add(userId);
  }
  get empty() {
    return this.touched.size === 0;
  }
}

/** Waits for durability, then tells sockets. */
export async function durable(s: EngineState, fx: Effects) {
  await s.journal.commit();
  publish(s, fx);
}

function publish(s: EngineState, fx: Effects) {
  const events = s.deps.events;
  for (const [userId, ids] of fx.ended) events.ordersEnded(userId, ids);
  for (const userId of fx.touched) events.accountTouched(userId);
  if (fx.frozenApplied) for (const userId of fx.frozenApplied) events.frozenAppliedToLoss?.(userId);
}

/** Commits what a decision nobody awaits staged (a tick, a rebuild), then tells the sockets. */
export function commitInBackground(s: EngineState, fx: Effects) {
  if (fx.empty) return;
  s.journal.commit().then(
    () => publish(s, fx),
    () => undefined, // the journal's failure handler already rebuilds and logs
  );
}
