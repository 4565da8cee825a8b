import { grownTo } from '../lib/typed-arrays.ts';

/**
 * Price triggers of one instrument and one quote side (bid or ask), so a tick looks only at the
 * levels it crossed (DESIGN §4: "a tick touches only what it moves").
 *
 * - `below`: fire when price ≤ level (buy limit on ask, buy stop loss on bid, sell take profit on
 *   ask…); the highest level is the first to be crossed.
 * - `above`: fire when price ≥ level; the lowest level is the first to be crossed.
 *
 * Levels are floats: the index only finds candidates; the engine decides each one exactly.
 */
export interface Trigger {
  orderId: number;
  level: number;
  kind: TriggerKind;
}

export type TriggerKind = 'fill' | 'stop_loss' | 'take_profit';
const KINDS: readonly TriggerKind[] = ['fill', 'stop_loss', 'take_profit'];
const KIND_CODE: Record<TriggerKind, number> = { fill: 0, stop_loss: 1, take_profit: 2 };

/**
 * What holds an order's triggers: the engine's live order itself. All of an order's triggers sit
 * in one index (its fill level on one quote side, or its two stops on the close side) and belong to
 * one trigger set, a slot in the engine's `TriggerSets`. Taking them out only closes the set (one
 * byte) and counts the entries stale; the entries are dropped when they reach the top of their heap
 * or when the heap compacts. ADR 0007: an entry object per trigger, its allocation, its write into
 * the heap's array and the cold read to mark it removed were ~14 % of the engine's command mix,
 * measured by line in a CPU profile.
 */
export interface TriggerOwner {
  /** Its trigger set's slot while it has triggers; −1 otherwise. */
  triggerSlot: number;
  /** The index holding them, and which of its two directions (bit 1 below, bit 2 above). */
  triggerIndex: TriggerIndex | null;
  triggerDirections: number;
}

/**
 * Open and closed trigger sets by slot, shared by the indexes of one engine: an entry is live while
 * its set is open. A slot is reused only once no entry in any heap refers to it, so a stale entry
 * can never pass for a later order's triggers.
 */
/** Trigger sets one engine can hold at once (a heap entry packs its set's slot into 32 bits). */
const MAX_SETS = 2 ** 30;
/** `TriggerSets.state`: the open bit, and the mask of the entry count under it. */
const OPEN = 2 ** 31;
const REFS = OPEN - 1;

export class TriggerSets {
  /**
   * By slot: the entries heaps hold for the set (low 31 bits) and whether it is open (the top bit).
   * One number, not two arrays: taking a reused slot, counting an entry and closing the set each
   * touched two cold places in arrays of a million slots.
   */
  private state = new Uint32Array(1024);
  private readonly free: number[] = [];
  private used = 0;

  isOpen(slot: number) {
    return this.state[slot]! >= OPEN;
  }

  /** A new open set (no entries yet). */
  take(): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      // A heap entry keeps slot × 4 + kind, read back with `>>> 2` (32 bits).
      if (this.used >= MAX_SETS) throw new RangeError(`more than ${MAX_SETS} trigger sets in use`);
      slot = this.used++;
      if (slot === this.state.length) this.state = grownTo(this.state, slot * 2);
    }
    this.state[slot] = OPEN;
    return slot;
  }

  /** A heap took one entry of this set. */
  ref(slot: number) {
    this.state[slot]!++;
  }

  /** The owner took its triggers out: the set's entries are stale from now on. */
  close(slot: number) {
    const refs = this.state[slot]! & REFS;
    this.state[slot] = refs;
    if (refs === 0) this.free.push(slot);
  }

  /** A heap dropped one entry of this set. */
  unref(slot: number) {
    // Closed with no entry left (an open set's count never reaches OPEN exactly but from above).
    if (--this.state[slot]! === 0) this.free.push(slot);
  }

  /** Slots handed out so far and slots waiting for reuse (tests: dropped entries give theirs back). */
  get stats() {
    return { used: this.used, free: this.free.length };
  }
}

/** Takes every trigger of an order out of the index holding them. */
export function removeTriggers(owner: TriggerOwner) {
  const index = owner.triggerIndex;
  if (index === null) return;
  index.release(owner.triggerSlot, owner.triggerDirections);
  owner.triggerIndex = null;
  owner.triggerDirections = 0;
  owner.triggerSlot = -1;
}

/** Below this many stale entries a side is never compacted (not worth a rebuild). */
const COMPACT_MIN = 64;
const GROW = 64;

/** Numbers per heap entry in `Side.rows`: level, age, order id, and the set's slot × 4 + kind. */
const STRIDE = 4;

/**
 * One direction as a binary heap whose top is the first level to fire, held in one typed array
 * with an entry's four numbers side by side (level, age, order id, trigger set and kind): sifting
 * compares contiguous numbers, moving an entry touches one cache line, and adding allocates
 * nothing. Adding is O(log n); taking out is a counter (the entry goes stale); stale entries are
 * dropped when they reach the top or, once they are half of the heap, in one rebuild. A tick reads
 * the top (the steady state crosses nothing) and, when it crosses, walks only the crossed part of
 * the heap. Measured against a sorted array and a B+ tree (sorted-btree) on 500 triggers per side:
 * 0.5 µs per add + remove against 0.8–1.5 µs and 1.0 µs (session 3). One array instead of five
 * (one per field): session 9, ADR 0007.
 */
class Side {
  private rows = new Float64Array(GROW * STRIDE);
  private n = 0;
  /** Entries still live (added and not released). */
  live = 0;
  /** Whether the top entry was checked live since the heap last changed under it. */
  private topChecked = true;

  constructor(
    private readonly descending: boolean,
    private readonly sets: TriggerSets,
  ) {}

  /**
   * The trigger set's slot of entry i. Through `>>>`, an integer operation: a slot read as a double
   * and pushed on the sets' free list would become an order's `triggerSlot` as a double, turning
   * that field's representation from small integer to double for every live order (V8 deprecates
   * the map and migrates each object on its next touch: ~100k migrations a run and the command mix
   * ~40 % slower, in about half the runs; seen with --trace-migration, session 8).
   */
  private slotAt(i: number) {
    return this.rows[i * STRIDE + 3]! >>> 2;
  }

  private kindAt(i: number) {
    return this.rows[i * STRIDE + 3]! & 3;
  }

  private levelAt(i: number) {
    return this.rows[i * STRIDE]!;
  }

  /** Whether (level, seq) fires before (otherLevel, otherSeq): by level, then by age. */
  private precedes(level: number, seq: number, otherLevel: number, otherSeq: number) {
    if (level === otherLevel) return seq < otherSeq;
    return this.descending ? level > otherLevel : level < otherLevel;
  }

  private isLive(i: number) {
    return this.sets.isOpen(this.slotAt(i));
  }

  private move(to: number, from: number) {
    const r = this.rows;
    const t = to * STRIDE;
    const f = from * STRIDE;
    r[t] = r[f]!;
    r[t + 1] = r[f + 1]!;
    r[t + 2] = r[f + 2]!;
    r[t + 3] = r[f + 3]!;
  }

  private put(i: number, level: number, seq: number, id: number, tag: number) {
    const r = this.rows;
    const t = i * STRIDE;
    r[t] = level;
    r[t + 1] = seq;
    r[t + 2] = id;
    r[t + 3] = tag;
  }

  add(level: number, seq: number, slot: number, id: number, kind: number) {
    if (this.n * STRIDE === this.rows.length) this.rows = grownTo(this.rows, this.n * 2 * STRIDE);
    const r = this.rows;
    let i = this.n++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.precedes(level, seq, r[parent * STRIDE]!, r[parent * STRIDE + 1]!)) break;
      this.move(i, parent);
      i = parent;
    }
    this.put(i, level, seq, id, slot * 4 + kind);
    this.sets.ref(slot);
    this.live++;
    if (i === 0) this.topChecked = true;
  }

  /** One entry of this side went stale (its owner took its triggers out). */
  release() {
    this.live--;
    this.topChecked = false;
    const stale = this.n - this.live;
    if (stale > COMPACT_MIN && stale * 2 > this.n) this.compact();
  }

  /** Drops the stale entries and restores the heap bottom-up (O(n), not n pushes). */
  private compact() {
    let kept = 0;
    for (let i = 0; i < this.n; i++) {
      if (this.isLive(i)) this.move(kept++, i);
      else this.sets.unref(this.slotAt(i));
    }
    this.n = kept;
    // Every live entry was kept, so the two counts agree again (a mismatch would be a release
    // without its entry, or an entry its owner no longer claims: both bugs the tests look for).
    this.live = kept;
    for (let i = (kept >> 1) - 1; i >= 0; i--) this.siftDown(i);
    this.topChecked = true;
  }

  private siftDown(start: number) {
    const n = this.n;
    const r = this.rows;
    const at = start * STRIDE;
    const level = r[at]!;
    const seq = r[at + 1]!;
    const id = r[at + 2]!;
    const tag = r[at + 3]!;
    let i = start;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      const c = child * STRIDE;
      if (child + 1 < n && this.precedes(r[c + STRIDE]!, r[c + STRIDE + 1]!, r[c]!, r[c + 1]!)) child++;
      const k = child * STRIDE;
      if (!this.precedes(r[k]!, r[k + 1]!, level, seq)) break;
      this.move(i, child);
      i = child;
    }
    this.put(i, level, seq, id, tag);
  }

  private popTop() {
    const last = --this.n;
    if (last > 0) {
      this.move(0, last);
      this.siftDown(0);
    }
  }

  /** The first live level to fire, if any (stale entries on top are dropped on the way). */
  first(): number | undefined {
    while (this.n > 0 && !this.topChecked) {
      if (this.isLive(0)) this.topChecked = true;
      else {
        this.sets.unref(this.slotAt(0));
        this.popTop();
      }
    }
    if (this.n === 0) {
      this.topChecked = true;
      return undefined;
    }
    return this.levelAt(0);
  }

  /** The live entries `crosses` accepts: a walk of the heap that stops below each uncrossed node. */
  collect(out: Array<Trigger & { seq: number }>, crosses: (level: number) => boolean) {
    const stack = [0];
    while (stack.length > 0) {
      const i = stack.pop()!;
      if (i >= this.n || !crosses(this.levelAt(i))) continue;
      if (this.isLive(i))
        out.push({
          orderId: this.rows[i * STRIDE + 2]!,
          level: this.levelAt(i),
          kind: KINDS[this.kindAt(i)]!,
          seq: this.rows[i * STRIDE + 1]!,
        });
      stack.push(2 * i + 1, 2 * i + 2);
    }
  }

  /** Every entry still claimed by its owner (tests: stale entries never come back). */
  countLive() {
    let k = 0;
    for (let i = 0; i < this.n; i++) if (this.isLive(i)) k++;
    return k;
  }
}

const NONE: readonly Trigger[] = Object.freeze([]);
const BELOW = 1;
const ABOVE = 2;

export class TriggerIndex {
  private readonly below: Side;
  private readonly above: Side;
  /** When each trigger was set: equal levels fire oldest first. */
  private seq = 0;

  constructor(private readonly sets: TriggerSets) {
    this.below = new Side(true, sets);
    this.above = new Side(false, sets);
  }

  /**
   * Adds a trigger of `owner` (the order `orderId`); `removeTriggers(owner)` takes all of them
   * out. An owner's triggers all live in one index, at most one per direction.
   */
  add(direction: 'below' | 'above', orderId: number, level: number, kind: TriggerKind, owner: TriggerOwner) {
    const bit = direction === 'below' ? BELOW : ABOVE;
    if (owner.triggerIndex === null) {
      owner.triggerIndex = this;
      owner.triggerSlot = this.sets.take();
    } else if (owner.triggerIndex !== this || (owner.triggerDirections & bit) !== 0)
      throw new Error(`order ${orderId} already has its triggers elsewhere or in this direction`);
    owner.triggerDirections |= bit;
    (bit === BELOW ? this.below : this.above).add(
      level,
      this.seq++,
      owner.triggerSlot,
      orderId,
      KIND_CODE[kind],
    );
  }

  /** An owner's triggers went stale (`removeTriggers`): its set closes before the heaps count it. */
  release(slot: number, directions: number) {
    this.sets.close(slot);
    if ((directions & BELOW) !== 0) this.below.release();
    if ((directions & ABOVE) !== 0) this.above.release();
  }

  /**
   * The triggers this price crosses, in firing order (below side first, each side by level then
   * by when it was set), without removing them (the engine removes what it acts on).
   */
  crossed(price: number): readonly Trigger[] {
    // The steady state crosses nothing: answer without allocating.
    const b = this.below.first();
    const a = this.above.first();
    if ((b === undefined || price > b) && (a === undefined || price < a)) return NONE;
    const below: Array<Trigger & { seq: number }> = [];
    const above: Array<Trigger & { seq: number }> = [];
    this.below.collect(below, (level) => price <= level);
    this.above.collect(above, (level) => price >= level);
    below.sort((x, y) => (x.level === y.level ? x.seq - y.seq : y.level - x.level));
    above.sort((x, y) => (x.level === y.level ? x.seq - y.seq : x.level - y.level));
    return below.concat(above);
  }

  /** Live triggers (added and not taken out). */
  get size() {
    return this.below.live + this.above.live;
  }

  /** Entries whose owner still claims them, counted one by one (tests check it equals `size`). */
  countLive() {
    return this.below.countLive() + this.above.countLive();
  }
}
