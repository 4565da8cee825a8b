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
interface Entry extends Trigger {
  readonly seq: number;
  readonly side: Side;
  dead: boolean;
  next: Entry | null;
}

/** Below this many removed entries a side is never compacted (not worth a rebuild). */
const COMPACT_MIN = 64;

/**
 * One direction as a binary heap whose top is the first level to fire. Adding is O(log n);
 * removing only marks the entry (O(1)) and the heap drops marked entries when they reach the top
 * or, once they are half of it, in one rebuild. A tick reads the top (the steady state crosses
 * nothing) and, when it crosses, walks only the crossed part of the heap. Measured against a
 * sorted array and a B+ tree (sorted-btree) on 500 triggers per side: 0.5 µs per add + remove
 * against 0.8–1.5 µs and 1.0 µs.
 */
class Side {
  private heap: Entry[] = [];
  private dead = 0;

  constructor(private readonly descending: boolean) {}

  get size() {
    return this.heap.length - this.dead;
  }

  private before(x: Entry, y: Entry) {
    if (x.level === y.level) return x.seq < y.seq;
    return this.descending ? x.level > y.level : x.level < y.level;
  }

  add(e: Entry) {
    const h = this.heap;
    let i = h.length;
    h.push(e);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(e, h[parent]!)) break;
      h[i] = h[parent]!;
      i = parent;
    }
    h[i] = e;
  }

  remove(e: Entry) {
    e.dead = true;
    this.dead++;
    if (this.dead > COMPACT_MIN && this.dead * 2 > this.heap.length) this.compact();
  }

  /** Drops the removed entries and restores the heap bottom-up (O(n), not n pushes). */
  private compact() {
    const h = this.heap.filter((e) => !e.dead);
    this.heap = h;
    this.dead = 0;
    for (let i = (h.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  private siftDown(start: number) {
    const h = this.heap;
    const n = h.length;
    const e = h[start]!;
    let i = start;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.before(h[child + 1]!, h[child]!)) child++;
      if (!this.before(h[child]!, e)) break;
      h[i] = h[child]!;
      i = child;
    }
    h[i] = e;
  }

  private popTop() {
    const h = this.heap;
    const last = h.pop()!;
    if (h.length === 0) return;
    h[0] = last;
    this.siftDown(0);
  }

  /** The first live level to fire, if any (removed entries on top are dropped on the way). */
  first(): number | undefined {
    const h = this.heap;
    while (h.length > 0 && h[0]!.dead) {
      this.popTop();
      this.dead--;
    }
    return h[0]?.level;
  }

  /** The live entries `crosses` accepts: a walk of the heap that stops below each uncrossed node. */
  collect(out: Entry[], crosses: (level: number) => boolean) {
    const h = this.heap;
    const stack = [0];
    while (stack.length > 0) {
      const i = stack.pop()!;
      const e = h[i];
      if (e === undefined || !crosses(e.level)) continue;
      if (!e.dead) out.push(e);
      stack.push(2 * i + 1, 2 * i + 2);
    }
  }
}

const NONE: readonly Trigger[] = Object.freeze([]);

export class TriggerIndex {
  private readonly below = new Side(true);
  private readonly above = new Side(false);
  /** Each order's first entry (its others follow through `next`). */
  private readonly byOrder = new Map<number, Entry>();
  private seq = 0;

  add(direction: 'below' | 'above', t: Trigger) {
    const side = direction === 'below' ? this.below : this.above;
    const entry: Entry = {
      orderId: t.orderId,
      level: t.level,
      kind: t.kind,
      seq: this.seq++,
      side,
      dead: false,
      next: this.byOrder.get(t.orderId) ?? null,
    };
    side.add(entry);
    this.byOrder.set(t.orderId, entry);
  }

  remove(orderId: number) {
    let e: Entry | null | undefined = this.byOrder.get(orderId);
    if (!e) return;
    this.byOrder.delete(orderId);
    for (; e; e = e.next) e.side.remove(e);
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
    const below: Entry[] = [];
    const above: Entry[] = [];
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
