/**
 * Price triggers of one instrument and one quote side (bid or ask), kept sorted so a tick looks
 * only at the levels it crossed (DESIGN §4: "a tick touches only what it moves").
 *
 * - `below`: fire when price ≤ level (buy limit on ask, buy stop loss on bid, sell take profit on
 *   ask…), sorted from the highest level down: the first entries are the first to be crossed.
 * - `above`: fire when price ≥ level, sorted from the lowest level up.
 */
export interface Trigger {
  orderId: number;
  level: number;
  kind: 'fill' | 'stop_loss' | 'take_profit';
}

function insertSorted(list: Trigger[], t: Trigger, before: (a: number, b: number) => boolean) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid]!.level, t.level)) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, t);
}

const NONE: readonly Trigger[] = Object.freeze([]);

export class TriggerIndex {
  private readonly below: Trigger[] = [];
  private readonly above: Trigger[] = [];

  add(direction: 'below' | 'above', t: Trigger) {
    if (direction === 'below') insertSorted(this.below, t, (a, b) => a >= b);
    else insertSorted(this.above, t, (a, b) => a <= b);
  }

  remove(orderId: number) {
    for (const list of [this.below, this.above]) {
      for (let i = list.length - 1; i >= 0; i--) if (list[i]!.orderId === orderId) list.splice(i, 1);
    }
  }

  /** The triggers this price crosses, without removing them (the engine removes what it acts on). */
  crossed(price: number): readonly Trigger[] {
    // The steady state crosses nothing: answer without allocating.
    const b = this.below[0];
    const a = this.above[0];
    if ((b === undefined || price > b.level) && (a === undefined || price < a.level)) return NONE;
    const out: Trigger[] = [];
    for (const t of this.below) {
      if (price > t.level) break;
      out.push(t);
    }
    for (const t of this.above) {
      if (price < t.level) break;
      out.push(t);
    }
    return out;
  }

  get size() {
    return this.below.length + this.above.length;
  }
}
