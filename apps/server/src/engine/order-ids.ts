import type { DbOrTx } from '../db/client.ts';
import { reserveOrderIdBlock } from './journal.repository.ts';

/**
 * Order ids handed out synchronously from blocks reserved on the table's sequence, so the engine
 * can decide an order (and its ledger memo) before the row is written. The next block is fetched
 * in the background when half of the current one is used; a caller only waits after a burst.
 */
export class OrderIds {
  private next = 0;
  private end = 0;
  private spare: { first: number; size: number } | null = null;
  /** Blocks reserved beyond the spare for a burst known ahead (a provider's copies, `want`). */
  private readonly extra: Array<{ first: number; size: number }> = [];
  /** The size of the blocks the sequence hands out (read with the first one). */
  private block = 0;
  private fetching: Promise<void> | null = null;

  constructor(private readonly db: DbOrTx) {}

  private get left() {
    return this.end - this.next;
  }

  ready(): Promise<void> | true {
    if (this.spare === null && this.left <= this.block / 2) {
      const p = this.fetch();
      if (this.left === 0) return p.then(() => this.useSpare());
      // Ahead of need: a failure (a database blip) is retried by the next call, and reaches the
      // caller that needs the block; unhandled here it would stop the process.
      p.catch(() => undefined);
    } else if (this.left === 0) this.useSpare();
    return true;
  }

  private useSpare() {
    if (this.left > 0) return;
    if (this.spare === null) this.spare = this.extra.shift() ?? null;
    if (this.spare === null) return;
    this.next = this.spare.first;
    this.end = this.spare.first + this.spare.size;
    this.spare = null;
  }

  private fetch(): Promise<void> {
    this.fetching ??= reserveOrderIdBlock(this.db)
      .then((reserved) => {
        this.block = reserved.size;
        this.spare = reserved;
      })
      .finally(() => {
        this.fetching = null;
      });
    return this.fetching;
  }

  /** Ids at hand now without a database round trip. */
  private get reserved() {
    let n = this.left + (this.spare?.size ?? 0);
    for (const b of this.extra) n += b.size;
    return n;
  }

  /**
   * At least `n` ids at hand (a provider's fill takes one per follower, in one synchronous
   * decision): true when they are, else a promise of the blocks fetched.
   */
  want(n: number): true | Promise<void> {
    if (this.reserved >= n) return true;
    return (async () => {
      while (this.reserved < n) {
        const block = await reserveOrderIdBlock(this.db);
        this.block = block.size;
        this.extra.push(block);
      }
    })();
  }

  /** Whether `take()` can answer now (checked in the same synchronous step as the take). */
  get available() {
    return this.left > 0 || this.spare !== null;
  }

  /** The next id; call after `ready()` resolved, in the same synchronous decision. */
  take(): number {
    if (this.left === 0) this.useSpare();
    if (this.left === 0) throw new Error('no order id reserved');
    return this.next++;
  }
}
