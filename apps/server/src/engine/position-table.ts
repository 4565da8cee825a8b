const GROW = 256;

/**
 * The open positions of one instrument as flat arrays, for the per-tick revaluation that screens
 * accounts for stop-out (DESIGN §4 "decided on every tick"). Floats only estimate: an account that
 * comes near the level is then judged on exact figures. Removal swaps the last row into the hole.
 */
export class PositionTable {
  size = 0;
  private ids = new Float64Array(GROW);
  private open = new Float64Array(GROW);
  /** Signed units: quantity × contract size, positive for a buy, negative for a sell. */
  private units = new Float64Array(GROW);
  private account = new Int32Array(GROW);
  /** The position's profit in USD at its last revaluation (already counted in its account). */
  private lastUsd = new Float64Array(GROW);
  private readonly slotOf = new Map<number, number>();

  add(orderId: number, openPrice: number, units: number, accountSlot: number) {
    if (this.size === this.ids.length) this.grow();
    const i = this.size++;
    this.ids[i] = orderId;
    this.open[i] = openPrice;
    this.units[i] = units;
    this.account[i] = accountSlot;
    this.lastUsd[i] = 0;
    this.slotOf.set(orderId, i);
  }

  /** Removes a position; returns its last USD profit (to take out of its account's total). */
  remove(orderId: number): { accountSlot: number; lastUsd: number } | null {
    const i = this.slotOf.get(orderId);
    if (i === undefined) return null;
    const out = { accountSlot: this.account[i]!, lastUsd: this.lastUsd[i]! };
    const last = --this.size;
    if (i !== last) {
      this.ids[i] = this.ids[last]!;
      this.open[i] = this.open[last]!;
      this.units[i] = this.units[last]!;
      this.account[i] = this.account[last]!;
      this.lastUsd[i] = this.lastUsd[last]!;
      this.slotOf.set(this.ids[i]!, i);
    }
    this.slotOf.delete(orderId);
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
    const n = this.ids.length * 2;
    const f = (a: Float64Array) => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    this.ids = f(this.ids);
    this.open = f(this.open);
    this.units = f(this.units);
    this.lastUsd = f(this.lastUsd);
    const acc = new Int32Array(n);
    acc.set(this.account);
    this.account = acc;
  }
}
