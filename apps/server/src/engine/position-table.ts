const GROW = 256;

/** What holds a position's row number: the engine's live order (no id → row map to look up). */
export interface PositionOwner {
  positionSlot: number;
}

/**
 * The open positions of one instrument as flat arrays, for the per-tick revaluation that screens
 * accounts for stop-out (DESIGN §4 "decided on every tick"). Floats only estimate: an account that
 * comes near the level is then judged on exact figures. Removal swaps the last row into the hole.
 */
export class PositionTable {
  size = 0;
  private owners: PositionOwner[] = [];
  private open = new Float64Array(GROW);
  /** Signed units: quantity × contract size, positive for a buy, negative for a sell. */
  private units = new Float64Array(GROW);
  private account = new Int32Array(GROW);
  /** The position's profit in USD at its last revaluation (already counted in its account). */
  private lastUsd = new Float64Array(GROW);

  add(owner: PositionOwner, openPrice: number, units: number, accountSlot: number) {
    if (this.size === this.open.length) this.grow();
    const i = this.size++;
    this.owners[i] = owner;
    owner.positionSlot = i;
    this.open[i] = openPrice;
    this.units[i] = units;
    this.account[i] = accountSlot;
    this.lastUsd[i] = 0;
  }

  /** Removes a position; returns its last USD profit (to take out of its account's total). */
  remove(owner: PositionOwner): { accountSlot: number; lastUsd: number } | null {
    const i = owner.positionSlot;
    if (i < 0 || this.owners[i] !== owner) return null;
    const out = { accountSlot: this.account[i]!, lastUsd: this.lastUsd[i]! };
    const last = --this.size;
    if (i !== last) {
      const moved = this.owners[last]!;
      this.owners[i] = moved;
      moved.positionSlot = i;
      this.open[i] = this.open[last]!;
      this.units[i] = this.units[last]!;
      this.account[i] = this.account[last]!;
      this.lastUsd[i] = this.lastUsd[last]!;
    }
    this.owners.length = last;
    owner.positionSlot = -1;
    return out;
  }

  /**
   * Revalues every position at this quote (buys at the bid, sells at the ask; `usdPerQuote`
   * converts the quote currency), moves each account's floating total by the change, and adds to
   * `suspects` the slots of accounts whose floating total fell below their floor (`risk` is the
   * account book's array: floating at 2·slot, floor at 2·slot + 1).
   */
  revalue(bid: number, ask: number, usdPerQuote: number, risk: Float64Array, suspects: Set<number>) {
    const { open, units, account, lastUsd, size } = this;
    for (let i = 0; i < size; i++) {
      const u = units[i]!;
      const usd = ((u > 0 ? bid : ask) - open[i]!) * u * usdPerQuote;
      const k = 2 * account[i]!;
      const f = risk[k]! + usd - lastUsd[i]!;
      risk[k] = f;
      lastUsd[i] = usd;
      if (f < risk[k + 1]!) suspects.add(k >> 1);
    }
  }

  private grow() {
    const n = this.open.length * 2;
    const f = (a: Float64Array) => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    this.open = f(this.open);
    this.units = f(this.units);
    this.lastUsd = f(this.lastUsd);
    const acc = new Int32Array(n);
    acc.set(this.account);
    this.account = acc;
  }
}
