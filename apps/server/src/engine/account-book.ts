import { formatScaled, LEDGER_SCALE, type LedgerType, type Money, scaledOf } from '@meridian/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Journal } from './journal.ts';
import type { RevaluationArena } from './revaluation/revaluation-arena.ts';

/** A money movement as callers outside the engine express it (wallet, back office). */
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

/** The same movement in micro-dollars (the engine's form: exact integers, no parsing). */
export interface MicroMovement {
  userId: number;
  type: LedgerType;
  balanceDelta: bigint;
  lockDelta?: bigint;
  marginDelta?: bigint;
  memo?: string;
  idempotencyKey?: string;
  allowNegativeBalance?: boolean;
}

/** An account's figures in micro-dollars (6 decimals, DESIGN §2), as the engine holds them. */
export interface Account {
  balance: bigint;
  lock: bigint;
  margin: bigint;
  /** Compliance froze trading (back office): new orders are refused. */
  tradingFrozen: boolean;
  /** Its slot in the float mirrors, −1 until it holds a position. */
  slot: number;
}

/** An account's figures as Money, for callers outside the engine. */
export interface Figures {
  balance: Money;
  lock: Money;
  margin: Money;
  tradingFrozen: boolean;
}

/** Micro-dollars from a stored NUMERIC(20,6) text or a Money of at most 6 decimals. */
export function micros(v: string | Money): bigint {
  const x = scaledOf(v);
  if (x.s > LEDGER_SCALE) throw new Error(`amount ${formatScaled(x.n, x.s)} has more than 6 decimals`);
  return x.n * 10n ** BigInt(LEDGER_SCALE - x.s);
}

export const microText = (v: bigint) => formatScaled(v, LEDGER_SCALE);
const toFloat = (v: bigint) => Number(v) / 1e6;

const GROW = 1024;

const accountOf = (r: {
  balance: string;
  lock: string;
  margin: string;
  tradingFrozen: boolean;
}): Account => ({
  balance: micros(r.balance),
  lock: micros(r.lock),
  margin: micros(r.margin),
  tradingFrozen: r.tradingFrozen,
  slot: -1,
});

/**
 * Every account's figures in memory, loaded on first use: the one place that moves money for an
 * account the engine knows (DESIGN §2). `move` is synchronous and conditional: it changes the
 * figures only if none would go below zero, and stages exactly one ledger entry in the journal,
 * which writes the entry and the figures together. Float copies (`slot` arrays) exist only to
 * screen accounts for stop-out on every tick; decisions are made on the exact figures.
 */
export class AccountBook {
  private readonly figures = new Map<number, Account>();
  private readonly loading = new Map<number, Promise<boolean>>();
  private slotUser = new Float64Array(GROW);
  /** Float mirrors by slot: balance, margin. */
  balanceF = new Float64Array(GROW);
  marginF = new Float64Array(GROW);
  /**
   * Two numbers per slot in the revaluation arena (where the tick kernel updates them), side by
   * side so a tick reads them from one cache line: at 2·slot the floating profit (USD), at
   * 2·slot + 1 the floor, the floating profit below which the account's equity (balance + margin +
   * floating) comes within the screen factor of the stop-out level (margin × screen − balance −
   * margin). `riskOffset` is the region's byte offset; the region holds as many slots as the float
   * mirrors (`balanceF.length`).
   */
  riskOffset = 0;
  private screen = 0.625;
  private nextSlot = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly journal: Journal,
    private readonly now: () => number,
    private readonly arena: RevaluationArena,
  ) {
    this.allocateRisk();
  }

  private allocateRisk() {
    this.riskOffset = this.arena.alloc(this.balanceF.length * 16);
  }

  /** Index of a slot's floating profit in `arena.f64` (its floor is the next one). */
  private riskAt(slot: number) {
    return (this.riskOffset >>> 3) + 2 * slot;
  }

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
      this.figures.set(userId, accountOf(r));
    }
    return true;
  }

  /** Figures read in bulk (start-up): taken as they are unless the account is already in memory. */
  adopt(rows: Array<{ id: number; balance: string; lock: string; margin: string; tradingFrozen: boolean }>) {
    for (const r of rows)
      if (!this.figures.has(r.id)) {
        this.figures.set(r.id, accountOf(r));
      }
  }

  get(userId: number): Account | undefined {
    return this.figures.get(userId);
  }

  /** The account's slot in the float mirrors (allocated on first use). */
  slot(userId: number): number {
    const f = this.figures.get(userId);
    if (!f) throw new Error(`account ${userId} is not loaded`);
    if (f.slot < 0) {
      const s = this.nextSlot++;
      if (s >= this.balanceF.length) this.grow();
      f.slot = s;
      this.slotUser[s] = userId;
      this.arena.f64[this.riskAt(s)] = 0;
      this.mirror(f);
    }
    return f.slot;
  }

  userAt(slot: number): number {
    return this.slotUser[slot]!;
  }

  private grow() {
    const n = this.balanceF.length * 2;
    // The risk pairs first: if the arena cannot grow, the book is left as it was.
    const riskOffset = this.arena.alloc(n * 16);
    const old = this.riskOffset;
    const oldBytes = this.balanceF.length * 16;
    this.arena.f64.copyWithin(riskOffset >>> 3, old >>> 3, (old + oldBytes) >>> 3);
    this.arena.release(old, oldBytes);
    this.riskOffset = riskOffset;
    const copy = (a: Float64Array) => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    this.slotUser = copy(this.slotUser);
    this.balanceF = copy(this.balanceF);
    this.marginF = copy(this.marginF);
  }

  /** The screen factor (stop-out level as a fraction × headroom); recomputes every floor when it changes. */
  setScreen(screen: number) {
    if (screen === this.screen) return;
    this.screen = screen;
    for (let s = 0; s < this.nextSlot; s++) this.setFloor(s);
  }

  floating(slot: number): number {
    return this.arena.f64[this.riskAt(slot)]!;
  }

  /** A position left the account's total (closed, cancelled): its last revalued profit goes with it. */
  dropFloating(slot: number, usd: number) {
    this.arena.f64[this.riskAt(slot)]! -= usd;
  }

  private setFloor(s: number) {
    this.arena.f64[this.riskAt(s) + 1] =
      this.marginF[s]! * this.screen - this.balanceF[s]! - this.marginF[s]!;
  }

  private mirror(f: Account) {
    const s = f.slot;
    if (s < 0) return;
    this.balanceF[s] = toFloat(f.balance);
    this.marginF[s] = toFloat(f.margin);
    this.setFloor(s);
  }

  /** Moves money in memory and stages its ledger entry; false when a figure would go below zero. */
  move(m: MicroMovement): { ok: true; balanceAfter: bigint } | { ok: false } {
    const f = this.figures.get(m.userId);
    if (!f) throw new Error(`account ${m.userId} is not loaded`);
    const db = m.balanceDelta;
    const dl = m.lockDelta ?? 0n;
    const dm = m.marginDelta ?? 0n;
    const balance = f.balance + db;
    const lock = f.lock + dl;
    const margin = f.margin + dm;
    if ((balance < 0n && !m.allowNegativeBalance) || lock < 0n || margin < 0n) return { ok: false };
    f.balance = balance;
    f.lock = lock;
    f.margin = margin;
    this.mirror(f);
    // Staged in its exact form; the journal's writer turns it into text (the I/O edge).
    this.journal.putEntry({
      userId: m.userId,
      type: m.type,
      balanceDelta: db,
      lockDelta: dl,
      marginDelta: dm,
      balanceAfter: balance,
      memo: m.memo ?? '',
      idempotencyKey: m.idempotencyKey ?? null,
      createdAtMs: this.now(),
    });
    return { ok: true, balanceAfter: balance };
  }

  /** Forgets everything (after a failed write: the database is the truth again). */
  clear() {
    this.figures.clear();
    this.nextSlot = 0;
    // A fresh, zeroed region for the risk pairs; the old one goes back to the arena.
    this.arena.release(this.riskOffset, this.balanceF.length * 16);
    this.allocateRisk();
  }
}
