import {
  formatScaled,
  formatScaledNumber,
  LEDGER_SCALE,
  type LedgerType,
  type Money,
  pow10,
  safeNumber,
  scaledOf,
} from '@meridian/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { IdTable } from '../lib/id-table.ts';
import { grownTo } from '../lib/typed-arrays.ts';
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
   * Only for settling a position: its loss may take the balance below zero (negative balance
   * protection, DESIGN §3, then decides what happens: the engine's coverNegativeBalance).
   */
  allowNegativeBalance?: boolean;
  /**
   * A debit that must leave open positions their floating losses (a staff debit): at most what a
   * withdrawal could take (the engine's `move` checks it; the book itself only keeps balance ≥ 0).
   */
  withinFree?: boolean;
  /**
   * Refused while the balance is below zero (a withdrawal paid out of frozen money: that money may
   * be what covers the deficit when the last position closes). Checked in the engine's decision.
   */
  notInDeficit?: boolean;
}

/**
 * The same movement in micro-dollars: whole numbers held in Numbers, exact while they are safe
 * integers (|x| ≤ 2^53 − 1, about 9 billion USD; ADR 0007). A BigInt per figure was a heap object
 * to allocate and, on a cold account, a cache miss to follow on every command.
 */
export interface MicroMovement {
  userId: number;
  type: LedgerType;
  balanceDelta: number;
  lockDelta?: number;
  marginDelta?: number;
  memo?: string;
  idempotencyKey?: string;
  allowNegativeBalance?: boolean;
}

/** An account as the book loads it from its stored row. */
interface AccountRow {
  balance: string;
  lock: string;
  margin: string;
  tradingFrozen: boolean;
  /** Absent in older callers' rows: a real account. */
  isDemo?: boolean;
}

/** An account's figures as Money, for callers outside the engine. */
export interface Figures {
  balance: Money;
  lock: Money;
  margin: Money;
  tradingFrozen: boolean;
}

/** Micro-dollars from a stored NUMERIC(20,6) text or a Money of at most 6 decimals. */
export function micros(v: string | Money): number {
  const x = scaledOf(v);
  if (x.s > LEDGER_SCALE) throw new Error(`amount ${formatScaled(x.n, x.s)} has more than 6 decimals`);
  return safeNumber(x.n * pow10(LEDGER_SCALE - x.s));
}

export const microText = (v: number) => formatScaledNumber(v, LEDGER_SCALE);

/**
 * Micro-dollars of an amount from outside (a withdrawal, a staff adjustment), or null when it is
 * beyond what the engine holds exactly (a refusal for the caller, not a fault).
 */
export function microsWithin(v: string | Money): number | null {
  try {
    return micros(v);
  } catch (err) {
    if (err instanceof RangeError) return null;
    throw err;
  }
}

/** A sum of micro-dollars, refused once a double could no longer hold it exactly. */
export function addMicros(a: number, b: number): number {
  const r = a + b;
  if (!Number.isSafeInteger(r)) throw new RangeError(`${a} + ${b} micro-dollars is beyond exact`);
  return r;
}

const GROW = 1024;

/** The columns of `users` an account's figures in the book are read from (its row, `AccountRow`). */
export const ACCOUNT_COLUMNS = {
  balance: users.balance,
  lock: users.lockBalance,
  margin: users.margin,
  tradingFrozen: users.tradingFrozen,
  isDemo: users.isDemo,
};

/**
 * Every account's figures in memory, loaded on first use: the one place that moves money for an
 * account the engine knows (DESIGN §2). `move` is synchronous and conditional: it changes the
 * figures only if none would go below zero, and stages exactly one ledger entry in the journal,
 * which writes the entry and the figures together.
 *
 * Each loaded account has a slot; its figures are micro-dollars in typed arrays by slot (ADR 0007):
 * a command reads one map entry and a few contiguous numbers instead of an object and a BigInt per
 * figure scattered over the heap. Floats (the risk pairs) exist only to screen accounts for
 * stop-out on every tick; decisions are made on the exact figures.
 */
export class AccountBook {
  /** Slots by user id (pages by id: a Map's get of a cold account was ~3 % of the command mix). */
  private readonly slots = new IdTable<number>({ spill: false });
  private readonly loading = new Map<number, Promise<boolean>>();
  private slotUser = new Float64Array(GROW);
  /** Micro-dollars by slot (exact integers). Replaced when the book grows: never keep a reference. */
  balanceMicros = new Float64Array(GROW);
  lockMicros = new Float64Array(GROW);
  marginMicros = new Float64Array(GROW);
  /** Compliance froze trading (back office): new orders are refused. */
  frozen = new Uint8Array(GROW);
  /** A demo account (1): its positions are not the broker's exposure (DESIGN §6). */
  demo = new Uint8Array(GROW);
  /**
   * Two numbers per slot in the revaluation arena (where the tick kernel updates them), side by
   * side so a tick reads them from one cache line: at 2·slot the floating profit (USD), at
   * 2·slot + 1 the floor, the floating profit below which the account's equity (balance + margin +
   * floating) comes within the screen factor of the stop-out level (margin × screen − balance −
   * margin). `riskOffset` is the region's byte offset; the region holds as many slots as the
   * figures' arrays.
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

  private get capacity() {
    return this.balanceMicros.length;
  }

  private allocateRisk() {
    this.riskOffset = this.arena.alloc(this.capacity * 16);
  }

  /** Index of a slot's floating profit in `arena.f64` (its floor is the next one). */
  private riskAt(slot: number) {
    return (this.riskOffset >>> 3) + 2 * slot;
  }

  /** Loads the account's figures if not in memory; false when there is no such account. */
  ensure(userId: number): Promise<boolean> | true {
    if (this.slots.has(userId)) return true;
    let p = this.loading.get(userId);
    if (!p) {
      p = this.load(userId).finally(() => this.loading.delete(userId));
      this.loading.set(userId, p);
    }
    return p;
  }

  private async load(userId: number) {
    const rows = await this.db.select(ACCOUNT_COLUMNS).from(users).where(eq(users.id, userId)).limit(1);
    const r = rows[0];
    if (!r) return false;
    // A concurrent load or a move may have filled it meanwhile; memory wins (it is ahead of the row).
    if (!this.slots.has(userId)) this.put(userId, r);
    return true;
  }

  /** Figures read in bulk (start-up): taken as they are unless the account is already in memory. */
  adopt(rows: Array<{ id: number } & AccountRow>) {
    for (const r of rows) if (!this.slots.has(r.id)) this.put(r.id, r);
  }

  private put(userId: number, r: AccountRow) {
    // Parsed, and the arrays grown, before the slot is taken: a failure leaves the book as it was.
    const balanceRowMicros = micros(r.balance);
    const lockRowMicros = micros(r.lock);
    const marginRowMicros = micros(r.margin);
    if (this.nextSlot >= this.capacity) this.grow();
    const s = this.nextSlot++;
    this.slots.set(userId, s);
    this.slotUser[s] = userId;
    this.balanceMicros[s] = balanceRowMicros;
    this.lockMicros[s] = lockRowMicros;
    this.marginMicros[s] = marginRowMicros;
    this.frozen[s] = r.tradingFrozen ? 1 : 0;
    this.demo[s] = r.isDemo ? 1 : 0;
    this.arena.f64[this.riskAt(s)] = 0;
    this.setFloor(s);
  }

  /** The account's slot, or undefined while it is not in memory. */
  slotOf(userId: number): number | undefined {
    return this.slots.get(userId);
  }

  /** The slot of an account that must be in memory. */
  slot(userId: number): number {
    const s = this.slots.get(userId);
    if (s === undefined) throw new Error(`account ${userId} is not loaded`);
    return s;
  }

  userAt(slot: number): number {
    return this.slotUser[slot]!;
  }

  private grow() {
    const n = this.capacity * 2;
    // The risk pairs first: if the arena cannot grow, the book is left as it was.
    const riskOffset = this.arena.alloc(n * 16);
    const old = this.riskOffset;
    const oldBytes = this.capacity * 16;
    this.arena.f64.copyWithin(riskOffset >>> 3, old >>> 3, (old + oldBytes) >>> 3);
    this.arena.release(old, oldBytes);
    this.riskOffset = riskOffset;
    this.slotUser = grownTo(this.slotUser, n);
    this.balanceMicros = grownTo(this.balanceMicros, n);
    this.lockMicros = grownTo(this.lockMicros, n);
    this.marginMicros = grownTo(this.marginMicros, n);
    this.frozen = grownTo(this.frozen, n);
    this.demo = grownTo(this.demo, n);
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
    const marginUsd = this.marginMicros[s]! / 1e6;
    this.arena.f64[this.riskAt(s) + 1] = marginUsd * this.screen - this.balanceMicros[s]! / 1e6 - marginUsd;
  }

  /**
   * Moves money in memory and stages its ledger entry; false when a figure would go below zero or
   * beyond what a Number holds exactly (nothing changes then).
   */
  move(m: MicroMovement): { ok: true; balanceAfter: number } | { ok: false } {
    const s = this.slot(m.userId);
    const db = m.balanceDelta;
    const dl = m.lockDelta ?? 0;
    const dm = m.marginDelta ?? 0;
    const balanceAfterMicros = this.balanceMicros[s]! + db;
    const lockAfterMicros = this.lockMicros[s]! + dl;
    const marginAfterMicros = this.marginMicros[s]! + dm;
    if (
      !Number.isSafeInteger(balanceAfterMicros) ||
      !Number.isSafeInteger(lockAfterMicros) ||
      !Number.isSafeInteger(marginAfterMicros)
    )
      return { ok: false };
    // Only a movement that takes money out may not leave the balance below zero; one that brings
    // money to a balance in deficit (a hedge's losing leg closed first, see the engine's
    // coverNegativeBalance) is always welcome: a deposit, a cancelled order's reserves.
    if (
      (balanceAfterMicros < 0 && db < 0 && !m.allowNegativeBalance) ||
      lockAfterMicros < 0 ||
      marginAfterMicros < 0
    )
      return { ok: false };
    this.balanceMicros[s] = balanceAfterMicros;
    this.lockMicros[s] = lockAfterMicros;
    this.marginMicros[s] = marginAfterMicros;
    this.setFloor(s);
    // Staged as integers; the journal's writer turns them into text (the I/O edge).
    this.journal.putEntry({
      userId: m.userId,
      type: m.type,
      balanceDelta: db,
      lockDelta: dl,
      marginDelta: dm,
      balanceAfter: balanceAfterMicros,
      memo: m.memo ?? '',
      idempotencyKey: m.idempotencyKey ?? null,
      createdAtMs: this.now(),
    });
    return { ok: true, balanceAfter: balanceAfterMicros };
  }

  /** Forgets everything (after a failed write: the database is the truth again). */
  clear() {
    this.slots.clear();
    this.nextSlot = 0;
    // A fresh, zeroed region for the risk pairs; the old one goes back to the arena.
    this.arena.release(this.riskOffset, this.capacity * 16);
    this.allocateRisk();
  }
}
