import { LEDGER_SCALE, type LedgerType, type Money, money } from '@meridian/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Journal } from './journal.ts';

export interface Movement {
  userId: number;
  type: LedgerType;
  /** Exact amounts (at most 6 decimals); positive credits the figure, negative debits it. */
  balanceDelta: Money;
  lockDelta?: Money;
  marginDelta?: Money;
  memo?: string;
  idempotencyKey?: string;
  /**
   * Only for settling a position: a loss may take the balance below zero for the one entry that
   * records it, which negative balance protection then resets with an entry of its own.
   */
  allowNegativeBalance?: boolean;
}

export interface Figures {
  balance: Money;
  lock: Money;
  margin: Money;
  /** Compliance froze trading (back office): new orders are refused. */
  tradingFrozen: boolean;
}

const ZERO = money('0');
const GROW = 1024;

/**
 * Every account's figures in memory, loaded on first use: the one place that moves money for an
 * account the engine knows (DESIGN §2). `move` is synchronous and conditional: it changes the
 * figures only if none would go below zero, and stages exactly one ledger entry in the journal,
 * which writes the entry and the figures together. Float copies (`slot` arrays) exist only to
 * screen accounts for stop-out on every tick; decisions are made on the exact figures.
 */
export class AccountBook {
  private readonly figures = new Map<number, Figures>();
  private readonly loading = new Map<number, Promise<boolean>>();
  private readonly slots = new Map<number, number>();
  private slotUser = new Float64Array(GROW);
  /** Float mirrors by slot: balance, margin. */
  balanceF = new Float64Array(GROW);
  marginF = new Float64Array(GROW);
  /**
   * Two numbers per slot, side by side so a tick reads them from one cache line: at 2·slot the
   * floating profit (USD), at 2·slot + 1 the floor, the floating profit below which the account's
   * equity (balance + margin + floating) comes within the screen factor of the stop-out level
   * (margin × screen − balance − margin).
   */
  risk = new Float64Array(GROW * 2);
  private screen = 0.625;
  private nextSlot = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly journal: Journal,
    private readonly now: () => number,
  ) {}

  /** Loads the account's figures if not in memory; false when there is no such account. */
  ensure(userId: number): Promise<boolean> | true {
    if (this.figures.has(userId)) return true;
    let p = this.loading.get(userId);
    if (!p) {
      p = this.load(userId).finally(() => this.loading.delete(userId));
      this.loading.set(userId, p);
    }
    return p;
  }

  private async load(userId: number) {
    const rows = await this.db
      .select({
        balance: users.balance,
        lock: users.lockBalance,
        margin: users.margin,
        tradingFrozen: users.tradingFrozen,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const r = rows[0];
    if (!r) return false;
    // A concurrent load or a move may have filled it meanwhile; memory wins (it is ahead of the row).
    if (!this.figures.has(userId)) {
      this.figures.set(userId, {
        balance: money(r.balance),
        lock: money(r.lock),
        margin: money(r.margin),
        tradingFrozen: r.tradingFrozen,
      });
      this.mirror(userId);
    }
    return true;
  }

  /** Figures read in bulk (start-up): taken as they are unless the account is already in memory. */
  adopt(rows: Array<{ id: number; balance: string; lock: string; margin: string; tradingFrozen: boolean }>) {
    for (const r of rows)
      if (!this.figures.has(r.id)) {
        this.figures.set(r.id, {
          balance: money(r.balance),
          lock: money(r.lock),
          margin: money(r.margin),
          tradingFrozen: r.tradingFrozen,
        });
        this.mirror(r.id);
      }
  }

  get(userId: number): Figures | undefined {
    return this.figures.get(userId);
  }

  /** The account's slot in the float mirrors (allocated on first use). */
  slot(userId: number): number {
    let s = this.slots.get(userId);
    if (s === undefined) {
      s = this.nextSlot++;
      if (s >= this.balanceF.length) this.grow();
      this.slots.set(userId, s);
      this.slotUser[s] = userId;
      this.risk[2 * s] = 0;
      const f = this.figures.get(userId);
      this.balanceF[s] = f ? f.balance.toNumber() : 0;
      this.marginF[s] = f ? f.margin.toNumber() : 0;
      this.setFloor(s);
    }
    return s;
  }

  userAt(slot: number): number {
    return this.slotUser[slot]!;
  }

  private grow() {
    const n = this.balanceF.length * 2;
    const copy = (a: Float64Array) => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    this.slotUser = copy(this.slotUser);
    this.balanceF = copy(this.balanceF);
    this.marginF = copy(this.marginF);
    const risk = new Float64Array(n * 2);
    risk.set(this.risk);
    this.risk = risk;
  }

  /** The screen factor (stop-out level as a fraction × headroom); recomputes every floor when it changes. */
  setScreen(screen: number) {
    if (screen === this.screen) return;
    this.screen = screen;
    for (let s = 0; s < this.nextSlot; s++) this.setFloor(s);
  }

  floating(slot: number): number {
    return this.risk[2 * slot]!;
  }

  private setFloor(s: number) {
    this.risk[2 * s + 1] = this.marginF[s]! * this.screen - this.balanceF[s]! - this.marginF[s]!;
  }

  private mirror(userId: number) {
    const s = this.slots.get(userId);
    const f = this.figures.get(userId);
    if (s === undefined || !f) return;
    this.balanceF[s] = f.balance.toNumber();
    this.marginF[s] = f.margin.toNumber();
    this.setFloor(s);
  }

  /** Moves money in memory and stages its ledger entry; false when a figure would go below zero. */
  move(m: Movement): { ok: true; balanceAfter: Money } | { ok: false } {
    const f = this.figures.get(m.userId);
    if (!f) throw new Error(`account ${m.userId} is not loaded`);
    const db = m.balanceDelta;
    const dl = m.lockDelta ?? ZERO;
    const dm = m.marginDelta ?? ZERO;
    for (const d of [db, dl, dm])
      if (d.decimalPlaces() > LEDGER_SCALE) throw new Error(`amount ${d.toFixed()} has more than 6 decimals`);
    const balance = f.balance.plus(db);
    const lock = f.lock.plus(dl);
    const margin = f.margin.plus(dm);
    if ((balance.lt(0) && !m.allowNegativeBalance) || lock.lt(0) || margin.lt(0)) return { ok: false };
    f.balance = balance;
    f.lock = lock;
    f.margin = margin;
    this.mirror(m.userId);
    this.journal.putEntry({
      userId: m.userId,
      type: m.type,
      balanceDelta: db.toFixed(),
      lockDelta: dl.toFixed(),
      marginDelta: dm.toFixed(),
      balanceAfter: balance.toFixed(),
      memo: m.memo ?? '',
      idempotencyKey: m.idempotencyKey ?? null,
      createdAt: new Date(this.now()),
    });
    return { ok: true, balanceAfter: balance };
  }

  /** Forgets everything (after a failed write: the database is the truth again). */
  clear() {
    this.figures.clear();
    this.slots.clear();
    this.nextSlot = 0;
    this.risk.fill(0);
  }
}
