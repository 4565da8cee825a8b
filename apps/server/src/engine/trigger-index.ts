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
  kind: 'fill' | 'stop_loss' | 'take_profit';
}

/**
 * A trigger as placed in a side: ordered by level, then by when it was set (`seq`); an order's
 * second trigger (stop loss and take profit) hangs off its first (`next`). One object per
 * trigger, since every open position with stops keeps two for as long as it is open.
 */
export interface TriggerEntry extends Trigger {
  /** Copied into the side's typed arrays when added: never changed afterwards. */
  readonly level: number;
  readonly seq: number;
  readonly side: Side;
  dead: boolean;
  next: TriggerEntry | null;
}

/**
 * What holds an order's triggers: the engine's live order itself, so taking them out needs no
 * lookup (a map from order id to entry was one of the costliest lines of a command, measured).
 */
export interface TriggerOwner {
  triggers: TriggerEntry | null;
}

/** Takes every trigger of an order out of whichever sides hold them. */
export function removeTriggers(owner: TriggerOwner) {
  for (let e = owner.triggers; e; e = e.next) e.side.remove(e);
  owner.triggers = null;
}

/** Below this many removed entries a side is never compacted (not worth a rebuild). */
const COMPACT_MIN = 64;
const GROW = 64;

/**
 * One direction as a binary heap whose top is the first level to fire. Adding is O(log n);
 * removing only marks the entry (O(1)) and the heap drops marked entries when they reach the top
 * or, once they are half of it, in one rebuild. A tick reads the top (the steady state crosses
 * nothing) and, when it crosses, walks only the crossed part of the heap. Measured against a
 * sorted array and a B+ tree (sorted-btree) on 500 triggers per side: 0.5 µs per add + remove
 * against 0.8–1.5 µs and 1.0 µs. Levels and sequence numbers are kept beside the entries in typed
 * arrays, so sifting compares contiguous numbers instead of following a pointer per step.
 */
class Side {
  private entries: TriggerEntry[] = [];
  private levels = new Float64Array(GROW);
  private seqs = new Float64Array(GROW);
  private n = 0;
  private dead = 0;

  constructor(private readonly descending: boolean) {}

  get size() {
    return this.n - this.dead;
  }

  /** Whether (level, seq) fires before (otherLevel, otherSeq). */
  private precedes(level: number, seq: number, otherLevel: number, otherSeq: number) {
    if (level === otherLevel) return seq < otherSeq;
    return this.descending ? level > otherLevel : level < otherLevel;
  }

  private put(i: number, e: TriggerEntry) {
    this.entries[i] = e;
    this.levels[i] = e.level;
    this.seqs[i] = e.seq;
  }

  private move(to: number, from: number) {
    this.entries[to] = this.entries[from]!;
    this.levels[to] = this.levels[from]!;
    this.seqs[to] = this.seqs[from]!;
  }

  add(e: TriggerEntry) {
    if (this.n === this.levels.length) this.grow(this.n * 2);
    let i = this.n++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.precedes(e.level, e.seq, this.levels[parent]!, this.seqs[parent]!)) break;
      this.move(i, parent);
      i = parent;
    }
    this.put(i, e);
  }

  remove(e: TriggerEntry) {
    e.dead = true;
    this.dead++;
    if (this.dead > COMPACT_MIN && this.dead * 2 > this.n) this.compact();
  }

  private grow(capacity: number) {
    const levels = new Float64Array(capacity);
    levels.set(this.levels.subarray(0, this.n));
    const seqs = new Float64Array(capacity);
    seqs.set(this.seqs.subarray(0, this.n));
    this.levels = levels;
    this.seqs = seqs;
  }

  /** Drops the removed entries and restores the heap bottom-up (O(n), not n pushes). */
  private compact() {
    const live = this.entries.slice(0, this.n).filter((e) => !e.dead);
    this.entries = live;
    this.n = live.length;
    this.dead = 0;
    for (let i = 0; i < live.length; i++) this.put(i, live[i]!);
    for (let i = (live.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  private siftDown(start: number) {
    const n = this.n;
    const e = this.entries[start]!;
    let i = start;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      const l = this.levels;
      const q = this.seqs;
      if (child + 1 < n && this.precedes(l[child + 1]!, q[child + 1]!, l[child]!, q[child]!)) child++;
      if (!this.precedes(l[child]!, q[child]!, e.level, e.seq)) break;
      this.move(i, child);
      i = child;
    }
    this.put(i, e);
  }

  private popTop() {
    const last = --this.n;
    const e = this.entries[last]!;
    this.entries.length = last;
    if (last === 0) return;
    this.put(0, e);
    this.siftDown(0);
  }

  /** The first live level to fire, if any (removed entries on top are dropped on the way). */
  first(): number | undefined {
    while (this.n > 0 && this.entries[0]!.dead) {
      this.popTop();
      this.dead--;
    }
    return this.n > 0 ? this.levels[0] : undefined;
  }

  /** The live entries `crosses` accepts: a walk of the heap that stops below each uncrossed node. */
  collect(out: TriggerEntry[], crosses: (level: number) => boolean) {
    const stack = [0];
    while (stack.length > 0) {
      const i = stack.pop()!;
      if (i >= this.n || !crosses(this.levels[i]!)) continue;
      const e = this.entries[i]!;
      if (!e.dead) out.push(e);
      stack.push(2 * i + 1, 2 * i + 2);
    }
  }
}

const NONE: readonly Trigger[] = Object.freeze([]);

export class TriggerIndex {
  private readonly below = new Side(true);
  private readonly above = new Side(false);
  private seq = 0;

  /** Adds a trigger of `owner` (an order); `removeTriggers(owner)` takes all of them out. */
  add(direction: 'below' | 'above', t: Trigger, owner: TriggerOwner) {
    const side = direction === 'below' ? this.below : this.above;
    const entry: TriggerEntry = {
      orderId: t.orderId,
      level: t.level,
      kind: t.kind,
      seq: this.seq++,
      side,
      dead: false,
      next: owner.triggers,
    };
    side.add(entry);
    owner.triggers = entry;
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
    const below: TriggerEntry[] = [];
    const above: TriggerEntry[] = [];
    this.below.collect(below, (level) => price <= level);
    this.above.collect(above, (level) => price >= level);
    below.sort((x, y) => (x.level === y.level ? x.seq - y.seq : y.level - x.level));
    above.sort((x, y) => (x.level === y.level ? x.seq - y.seq : x.level - y.level));
    return below.concat(above);
  }

  get size() {
    return this.below.size + this.above.size;
  }
}
