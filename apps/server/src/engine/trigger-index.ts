/**
 * Price triggers of one instrument and one quote side (bid or ask), kept sorted so a tick looks
 * only at the levels it crossed (DESIGN §4: "a tick touches only what it moves").
 *
 * - `below`: fire when price ≤ level (buy limit on ask, buy stop loss on bid, sell take profit on
 *   ask…), sorted from the highest level down: the first entries are the first to be crossed.
 * - `above`: fire when price ≥ level, sorted from the lowest level up.
 *
 * Levels are floats: the index only finds candidates; the engine decides each one exactly.
 */
export interface Trigger {
  orderId: number;
  level: number;
  kind: 'fill' | 'stop_loss' | 'take_profit';
}

/** The index of the first level not before `level` (descending or ascending order). */
function lowerBound(levels: number[], level: number, descending: boolean) {
  let lo = 0;
  let hi = levels.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const l = levels[mid]!;
    if (descending ? l > level : l < level) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One direction: the distinct levels in firing order, each with its triggers in the order they
 * were set (a Set keeps insertion order and deletes in O(1)). Many stops at one level (a round
 * number) share a bucket, so adding or removing one costs no search through the others.
 */
class Ladder {
  readonly levels: number[] = [];
  readonly buckets = new Map<number, Set<Trigger>>();
  size = 0;

  constructor(private readonly descending: boolean) {}

  add(t: Trigger) {
    let bucket = this.buckets.get(t.level);
    if (bucket === undefined) {
      bucket = new Set();
      this.buckets.set(t.level, bucket);
      this.levels.splice(lowerBound(this.levels, t.level, this.descending), 0, t.level);
    }
    bucket.add(t);
    this.size++;
  }

  remove(t: Trigger) {
    const bucket = this.buckets.get(t.level);
    if (bucket === undefined || !bucket.delete(t)) return;
    this.size--;
    if (bucket.size > 0) return;
    this.buckets.delete(t.level);
    this.levels.splice(lowerBound(this.levels, t.level, this.descending), 1);
  }

  /** Appends the triggers `price` crosses (`crosses(level)`), first to fire first. */
  collect(out: Trigger[], crosses: (level: number) => boolean) {
    for (const level of this.levels) {
      if (!crosses(level)) break;
      for (const t of this.buckets.get(level)!) out.push(t);
    }
  }
}

const NONE: readonly Trigger[] = Object.freeze([]);

export class TriggerIndex {
  private readonly below = new Ladder(true);
  private readonly above = new Ladder(false);
  /** Each order's triggers (at most a stop loss and a take profit, or one fill) and their side. */
  private readonly byOrder = new Map<number, Array<{ trigger: Trigger; below: boolean }>>();

  add(direction: 'below' | 'above', t: Trigger) {
    const below = direction === 'below';
    (below ? this.below : this.above).add(t);
    const placed = this.byOrder.get(t.orderId);
    if (placed) placed.push({ trigger: t, below });
    else this.byOrder.set(t.orderId, [{ trigger: t, below }]);
  }

  remove(orderId: number) {
    const placed = this.byOrder.get(orderId);
    if (!placed) return;
    this.byOrder.delete(orderId);
    for (const { trigger, below } of placed) (below ? this.below : this.above).remove(trigger);
  }

  /** The triggers this price crosses, without removing them (the engine removes what it acts on). */
  crossed(price: number): readonly Trigger[] {
    // The steady state crosses nothing: answer without allocating.
    const b = this.below.levels[0];
    const a = this.above.levels[0];
    if ((b === undefined || price > b) && (a === undefined || price < a)) return NONE;
    const out: Trigger[] = [];
    this.below.collect(out, (level) => price <= level);
    this.above.collect(out, (level) => price >= level);
    return out;
  }

  get size() {
    return this.below.size + this.above.size;
  }
}
