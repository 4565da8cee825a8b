import { grownTo } from '../lib/typed-arrays.ts';
import { LotTallies } from './lot-tally.ts';

/** What the list links through: the engine's live order. */
export interface ListedOrder {
  id: number;
  prevOfUser: ListedOrder | null;
  nextOfUser: ListedOrder | null;
}

const GROW = 1024;
const FIRST_STRIDE = 64;
const FIRST_ROWS = 256;

/**
 * Each account's live orders and its lots per instrument, by the account's slot in the engine's
 * book (`AccountBook`): the orders as a list linked through the orders themselves, oldest first
 * (adding to a Set of objects cost ~1 µs a new order, most of it the identity hash), how many
 * there are (the live-orders cap), and the lots open or pending per instrument lane (a small dense
 * number per instrument) for the open-lots limit.
 *
 * By slot in arrays rather than a record per user found by id: a command on a random account read
 * the id table's page, the record, its array of tallies and the tally, each a miss in cold memory
 * (ADR 0007, session 24). Lot sums take a row of `stride` lanes, given to an account when it first
 * holds an order (the book also loads accounts that only look at their figures: a row each would
 * be ~0.6 KB per account for nothing) and kept like the account's figures; row 0 is never written
 * and reads as zero for accounts without one. Emptied with the book (the slots start again).
 */
export class AccountOrders<O extends ListedOrder> {
  private firstOf: Array<O | null> = new Array<O | null>(GROW).fill(null);
  private lastOf: Array<O | null> = new Array<O | null>(GROW).fill(null);
  private counts = new Int32Array(GROW);
  /** The account's row in `lots` (0: none yet). */
  private rowOf = new Int32Array(GROW);
  /** Lots by row × stride + lane; the stride doubles when an instrument lane reaches it. */
  readonly lots = new LotTallies();
  private stride = FIRST_STRIDE;
  /** Rows handed out, row 0 (the zeros) included. */
  private rows = 1;

  constructor() {
    this.lots.ensure(FIRST_ROWS * this.stride);
  }

  /** Room for this slot in the per-slot arrays (growth kept out of line: this runs on every command). */
  private room(slot: number) {
    if (slot >= this.counts.length) this.grow(slot);
  }

  private grow(slot: number) {
    let c = this.counts.length;
    while (c <= slot) c *= 2;
    this.counts = grownTo(this.counts, c);
    this.rowOf = grownTo(this.rowOf, c);
    const first = this.firstOf;
    const last = this.lastOf;
    this.firstOf = new Array<O | null>(c).fill(null);
    this.lastOf = new Array<O | null>(c).fill(null);
    for (let i = 0; i < first.length; i++) {
      this.firstOf[i] = first[i]!;
      this.lastOf[i] = last[i]!;
    }
  }

  /** Where this account's lots of this instrument lane are read in `lots` (zeros without a row). */
  lotsAt(slot: number, lane: number): number {
    if (lane >= this.stride) this.widen(lane);
    return (slot < this.rowOf.length ? this.rowOf[slot]! : 0) * this.stride + lane;
  }

  /**
   * Where they are changed: the account's row, given now if it has none. Call it before changing
   * anything else (it may grow the arrays, and a failed allocation must leave nothing half done).
   */
  lotsFor(slot: number, lane: number): number {
    this.room(slot);
    if (lane >= this.stride) this.widen(lane);
    let row = this.rowOf[slot]!;
    if (row === 0) {
      row = this.rows;
      this.lots.ensure((row + 1) * this.stride);
      this.rows++;
      this.rowOf[slot] = row;
    }
    return row * this.stride + lane;
  }

  private widen(lane: number) {
    let stride = this.stride;
    while (stride <= lane) stride *= 2;
    const old = this.stride;
    this.lots.relayout(
      Math.max(this.lots.capacity / old, FIRST_ROWS) * stride,
      this.rows * old,
      (i) => Math.floor(i / old) * stride + (i % old),
    );
    this.stride = stride;
  }

  first(slot: number): O | null {
    return slot < this.firstOf.length ? this.firstOf[slot]! : null;
  }

  count(slot: number): number {
    return slot < this.counts.length ? this.counts[slot]! : 0;
  }

  append(slot: number, o: O) {
    this.room(slot);
    // Appending a linked order would make a cycle (the list would never end): a bug, caught here.
    if (o.prevOfUser !== null || o.nextOfUser !== null || this.firstOf[slot] === o)
      throw new Error(`order ${o.id} is already in its owner's list`);
    const last = this.lastOf[slot]!;
    o.prevOfUser = last;
    if (last !== null) last.nextOfUser = o;
    else this.firstOf[slot] = o;
    this.lastOf[slot] = o;
    this.counts[slot]!++;
  }

  /**
   * Takes a listed order out. The caller makes sure it is the live object listed here (the
   * engine checks its id table); this refuses, before changing anything, what cannot be listed.
   */
  unlink(slot: number, o: O) {
    if (
      slot >= this.counts.length ||
      this.counts[slot] === 0 ||
      (o.prevOfUser === null && this.firstOf[slot] !== o)
    )
      throw new Error(`order ${o.id} is not live`);
    const prev = o.prevOfUser as O | null;
    const next = o.nextOfUser as O | null;
    if (prev !== null) prev.nextOfUser = next;
    else this.firstOf[slot] = next;
    if (next !== null) next.prevOfUser = prev;
    else this.lastOf[slot] = prev;
    o.prevOfUser = null;
    o.nextOfUser = null;
    this.counts[slot]!--;
  }

  /** Forgets everything (the book's slots start again). */
  clear() {
    this.firstOf.fill(null);
    this.lastOf.fill(null);
    this.counts.fill(0);
    this.rowOf.fill(0);
    this.lots.clear();
    this.rows = 1;
  }
}
