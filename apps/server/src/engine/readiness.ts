import { AppError } from '../lib/app-error.ts';
import { TIMED_OUT, within } from '../lib/within.ts';
import { type EngineState, RECOVERY_WAIT_MS } from './engine-state.ts';

// Whether a decision may run now: the account's figures in memory, an order id at hand, no
// recovery under way (a command waits for one, within a bound, then is refused).

/**
 * Ready to decide for this account: its figures in memory and an order id at hand. Answers
 * `true` without a promise when it already is (the common case: no await, no microtask hop).
 */
export function ready(s: EngineState, userId: number): true | Promise<void> {
  if (!s.recovering && s.book.slotOf(userId) !== undefined && s.ids.ready() === true && s.ids.available)
    return true;
  return prepare(s, userId);
}

export async function prepare(
  s: EngineState,
  userId: number,
  waitMs = s.deps.recoveryWaitMs ?? RECOVERY_WAIT_MS,
) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (s.recovering) await recoveredBy(s.recovering, deadline);
    const loaded = s.book.ensure(userId);
    if (loaded !== true && !(await loaded)) throw new AppError('AUTH_SESSION_INVALID');
    const ids = s.ids.ready();
    if (ids !== true) await ids;
    if (!s.recovering && s.book.slotOf(userId) !== undefined && s.ids.available) return;
  }
}

/** Waits for a recovery until the deadline; past it the command is refused, nothing done. */
async function recoveredBy(recovering: Promise<void>, deadline: number) {
  if (deadline === Number.POSITIVE_INFINITY) return recovering;
  if ((await within(recovering, deadline - Date.now())) === TIMED_OUT)
    throw new AppError('SERVICE_RECOVERING');
}

/**
 * Called first in every synchronous decision: nothing is decided while memory is being rebuilt.
 * Answers the account's slot in the book.
 */
export function accountFor(s: EngineState, userId: number): number {
  const slot = s.book.slotOf(userId);
  if (s.recovering || s.journal.isFailed) throw new AppError('SERVICE_RECOVERING');
  if (slot === undefined) throw new AppError('SERVER_INTERNAL');
  return slot;
}
