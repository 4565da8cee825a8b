import { rolledBack } from '../db/fenced-writer.ts';
import { TIMED_OUT, within } from '../lib/within.ts';
import type { FollowRow } from './copy/live-follow.ts';
import type { CopyRefusalDraft, EntryDraft, JournalBatch } from './journal.repository.ts';
import type { OrderRow } from './order.repository.ts';

interface OpenBatch extends JournalBatch {
  orderById: Map<number, number>;
  followById: Map<number, number>;
  done: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** Times the rebuild may find the database yet fail to ask whether a batch landed, before giving up. */
const MAX_DECIDE_ATTEMPTS = 5;

function openBatch(): OpenBatch {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Nobody may be waiting on a batch (a tick's stop that no caller awaits): never an unhandled rejection.
  done.catch(() => undefined);
  return {
    orders: [],
    entries: [],
    follows: [],
    refusals: [],
    orderById: new Map(),
    followById: new Map(),
    done,
    resolve,
    reject,
  };
}

/**
 * Group commit (DESIGN §4 "committed before it is acknowledged", at the rate the database can
 * take). The engine decides in memory and stages what changed here; one writer commits everything
 * staged since its last write in a single transaction, so a burst of commands shares one commit.
 * Callers wait for `commit()` before answering. If a write fails, that batch and everything staged
 * after it (decided on top of it) fail together and the owner rebuilds its memory from the database.
 */
export class Journal {
  private current = openBatch();
  private writing = false;
  private scheduled = false;
  private failed = false;
  /** Failed writes whose batches may have landed, waiting for the database to say (`decideUndecided`). */
  private undecided: Array<{ batch: OpenBatch; err: unknown; attempts: number }> = [];

  constructor(
    private readonly write: (batch: JournalBatch) => Promise<void>,
    private readonly onFailure: (err: unknown) => void,
    /** After a failed write: whether the batch is in the database all the same (see `batchLanded`). */
    private readonly landed: (batch: JournalBatch) => Promise<boolean> = async () => false,
    /**
     * How long a failed write waits to learn whether its batch landed before it counts as unknown:
     * the check fences the lost connection first, and a backend that is stopped rather than dead
     * never ends. Past it the owner's recovery starts (it refuses commands with nothing done)
     * instead of every command queueing behind the check.
     */
    private readonly landedWaitMs = 5_000,
  ) {}

  /** `landed`, or null when it fails or outlasts `landedWaitMs` (unknown: decided after the rebuild). */
  private async landedWithin(batch: JournalBatch): Promise<boolean | null> {
    const landed = await within(
      this.landed(batch).catch(() => null),
      this.landedWaitMs,
    );
    return landed === TIMED_OUT ? null : landed;
  }

  /** The order's latest state; a later stage of the same order in this batch replaces it. */
  putOrder(row: OrderRow) {
    const at = this.current.orderById.get(row.id);
    if (at === undefined) {
      this.current.orderById.set(row.id, this.current.orders.length);
      this.current.orders.push(row);
    } else this.current.orders[at] = row;
  }

  putEntry(entry: EntryDraft) {
    this.current.entries.push(entry);
  }

  /** A follow's latest state (DESIGN §9); a later stage of the same follow in this batch replaces it. */
  putFollow(row: FollowRow) {
    const at = this.current.followById.get(row.id);
    if (at === undefined) {
      this.current.followById.set(row.id, this.current.follows.length);
      this.current.follows.push(row);
    } else this.current.follows[at] = row;
  }

  /** A copy that could not be made, kept with the batch of the provider's fill. */
  putRefusal(refusal: CopyRefusalDraft) {
    this.current.refusals.push(refusal);
  }

  private static isEmpty(b: JournalBatch) {
    return (
      b.orders.length === 0 && b.entries.length === 0 && b.follows.length === 0 && b.refusals.length === 0
    );
  }

  get isFailed() {
    return this.failed;
  }

  /** Resolves once everything staged so far is durable; rejects if its batch failed. */
  commit(): Promise<void> {
    const batch = this.current;
    if (Journal.isEmpty(batch) && !this.writing) return Promise.resolve();
    this.schedule();
    return batch.done;
  }

  private schedule() {
    if (this.writing || this.scheduled) return;
    this.scheduled = true;
    // Let the commands already on their way stage first (same turn of the event loop). Not a
    // microtask: with PGlite the write runs on this thread, so requests parsed in the same poll
    // phase would each get a write of their own (measured: 2 071 → 199 orders/s over HTTP).
    setImmediate(() => {
      this.scheduled = false;
      void this.drain();
    });
  }

  private async drain() {
    if (this.writing) return;
    this.writing = true;
    try {
      while (!Journal.isEmpty(this.current)) {
        const batch = this.current;
        this.current = openBatch();
        try {
          await this.write(batch);
        } catch (err) {
          // A commit that landed but whose answer was lost is a success: memory already holds it, and
          // failing its callers would tell traders an order failed that exists (a retry would place it
          // twice).
          const landed = rolledBack(err) ? false : await this.landedWithin(batch);
          if (landed === true) {
            batch.resolve();
            continue;
          }
          this.failed = true;
          // Unknown (the database cannot be asked now): its callers wait until it can be
          // (`decideUndecided`, after the owner's rebuild), rather than hear 'failed' for what may exist.
          if (landed === null) this.undecided.push({ batch, err, attempts: 0 });
          else batch.reject(err);
          const after = this.current;
          this.current = openBatch();
          after.reject(err);
          this.onFailure(err);
          return;
        }
        batch.resolve();
      }
      // An empty batch someone waits on (commit() while writing) completes with the write before it.
      this.current.resolve();
      this.current = openBatch();
    } finally {
      this.writing = false;
    }
  }

  /**
   * Answers the callers of batches whose outcome was unknown when their write failed, now that the
   * database answers again (the owner calls this after rebuilding from it, before `reset`). Throws
   * if it still cannot tell; those batches stay undecided for the next attempt.
   */
  async decideUndecided() {
    while (this.undecided.length > 0) {
      const entry = this.undecided[0]!;
      let landed: boolean;
      try {
        landed = await this.landed(entry.batch);
      } catch (e) {
        // The database answers the rebuild but not this question: after a few tries the callers are
        // told it failed (as before this check existed) rather than the engine waiting forever.
        if (++entry.attempts < MAX_DECIDE_ATTEMPTS) throw e;
        landed = false;
      }
      if (landed) entry.batch.resolve();
      else entry.batch.reject(entry.err);
      this.undecided.shift();
    }
  }

  /** After the owner rebuilt its memory: accept stages again. */
  reset() {
    this.failed = false;
  }

  /** Resolves when nothing is staged or being written. */
  async idle() {
    while (this.writing || this.scheduled || !Journal.isEmpty(this.current)) {
      await this.commit().catch(() => undefined);
      await new Promise((r) => setImmediate(r));
    }
  }
}
