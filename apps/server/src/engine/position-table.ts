import type { RevaluationArena } from './revaluation/revaluation-arena.ts';

const GROW = 256;

/** What holds a position's row number: the engine's live order (no id → row map to look up). */
export interface PositionOwner {
  positionSlot: number;
}

/** Where the account book keeps its risk pairs in the arena (floating at 2·slot, floor at 2·slot + 1). */
export interface RiskPairs {
  readonly riskOffset: number;
}

/**
 * The open positions of one instrument as columns in the revaluation arena, for the per-tick
 * revaluation that screens accounts for stop-out (DESIGN §4 "decided on every tick"). Floats only
 * estimate: an account that comes near the level is then judged on exact figures. Removal swaps the
 * last row into the hole. One region holds the four columns (capacity c): open prices (f64) at
 * 0, signed units (f64) at 8c, the last USD profit (f64) at 16c, account slots (i32) at 24c.
 */
export class PositionTable {
  size = 0;
  private owners: PositionOwner[] = [];
  private capacity = 0;
  private region = 0;

  /** `capacity` rows before the first growth (even; tests start small to grow often). */
  constructor(
    private readonly arena: RevaluationArena,
    capacity = GROW,
  ) {
    if (capacity < 2 || capacity % 2 !== 0) throw new RangeError(`capacity ${capacity}`);
    this.region = arena.alloc(capacity * 28);
    this.capacity = capacity;
  }

  private get open() {
    return this.region;
  }
  private get units() {
    return this.region + 8 * this.capacity;
  }
  private get last() {
    return this.region + 16 * this.capacity;
  }
  private get slots() {
    return this.region + 24 * this.capacity;
  }

  add(owner: PositionOwner, openPrice: number, units: number, accountSlot: number) {
    if (this.size === this.capacity) this.grow();
    const i = this.size++;
    this.owners[i] = owner;
    owner.positionSlot = i;
    const f = this.arena.f64;
    f[(this.open >>> 3) + i] = openPrice;
    f[(this.units >>> 3) + i] = units;
    f[(this.last >>> 3) + i] = 0;
    this.arena.i32[(this.slots >>> 2) + i] = accountSlot;
  }

  /** Removes a position; returns its last USD profit (to take out of its account's total). */
  remove(owner: PositionOwner): { accountSlot: number; lastUsd: number } | null {
    const i = owner.positionSlot;
    if (i < 0 || this.owners[i] !== owner) return null;
    const f = this.arena.f64;
    const n = this.arena.i32;
    const open = this.open >>> 3;
    const units = this.units >>> 3;
    const last = this.last >>> 3;
    const slots = this.slots >>> 2;
    const out = { accountSlot: n[slots + i]!, lastUsd: f[last + i]! };
    const end = --this.size;
    if (i !== end) {
      const moved = this.owners[end]!;
      this.owners[i] = moved;
      moved.positionSlot = i;
      f[open + i] = f[open + end]!;
      f[units + i] = f[units + end]!;
      f[last + i] = f[last + end]!;
      n[slots + i] = n[slots + end]!;
    }
    this.owners.length = end;
    owner.positionSlot = -1;
    return out;
  }

  /**
   * Revalues every position at this quote (buys at the bid, sells at the ask; `usdPerQuote`
   * converts the quote currency), moves each account's floating total by the change, and adds to
   * `suspects` the slots of accounts whose running floating total fell below their floor. The loop
   * runs in the arena's WebAssembly kernel, which also lists the flagged slots.
   */
  revalue(bid: number, ask: number, usdPerQuote: number, risk: RiskPairs, suspects: Set<number>) {
    if (this.size === 0) return;
    const listed = this.arena.revalue(
      this.open,
      this.units,
      this.last,
      this.slots,
      this.size,
      risk.riskOffset,
      bid,
      ask,
      usdPerQuote,
      suspects,
    );
    if (listed) return;
    // More accounts went below their floor than the kernel could list (a crash on a crowded
    // instrument): find them all here.
    const f = this.arena.f64;
    const slots = this.slots >>> 2;
    const pairs = risk.riskOffset >>> 3;
    for (let i = 0; i < this.size; i++) {
      const s = this.arena.i32[slots + i]!;
      if (f[pairs + 2 * s]! < f[pairs + 2 * s + 1]!) suspects.add(s);
    }
  }

  /** Gives the table's region back to the arena (the engine rebuilding its memory). */
  release() {
    this.arena.release(this.region, this.capacity * 28);
    this.region = 0;
    this.capacity = 0;
    this.size = 0;
    this.owners = [];
  }

  private grow() {
    const capacity = this.capacity * 2;
    // Allocate first: if the arena cannot grow, this table is left as it was.
    const region = this.arena.alloc(capacity * 28);
    const from = { open: this.open, units: this.units, last: this.last, slots: this.slots };
    const old = this.region;
    const oldBytes = this.capacity * 28;
    this.region = region;
    this.capacity = capacity;
    // alloc may have grown the memory: views read after it.
    const f = this.arena.f64;
    const n = this.arena.i32;
    const rows = this.size;
    f.copyWithin(this.open >>> 3, from.open >>> 3, (from.open >>> 3) + rows);
    f.copyWithin(this.units >>> 3, from.units >>> 3, (from.units >>> 3) + rows);
    f.copyWithin(this.last >>> 3, from.last >>> 3, (from.last >>> 3) + rows);
    n.copyWithin(this.slots >>> 2, from.slots >>> 2, (from.slots >>> 2) + rows);
    this.arena.release(old, oldBytes);
  }
}
