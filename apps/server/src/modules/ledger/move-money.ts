import { type LedgerType, money } from '@meridian/domain';
import type { DbOrTx } from '../../db/client.ts';
import { applyDeltas, findEntryByKey, insertEntry } from './ledger.repository.ts';

export interface Movement {
  userId: number;
  type: LedgerType;
  /** Decimal strings; positive credits the figure, negative debits it. */
  balanceDelta: string;
  lockDelta?: string;
  marginDelta?: string;
  memo?: string;
  /** A repeat with the same key returns the first entry and moves nothing. */
  idempotencyKey?: string;
  /**
   * Only for settling a position: a loss may take the balance below zero for the one entry that
   * records it, which negative balance protection then resets with an entry of its own.
   */
  allowNegativeBalance?: boolean;
  /** The entry's time from the server's clock (else the database's: they differ under CLOCK_START). */
  at?: Date;
}

export type MoveResult =
  | { ok: true; entryId: number; balanceAfter: string; repeated: boolean }
  | { ok: false; reason: 'INSUFFICIENT_FUNDS' };

/**
 * The one function that moves money (DESIGN §2): call it inside a transaction. It changes the
 * account figures only if none goes negative, and appends exactly one ledger entry.
 */
export async function moveMoney(tx: DbOrTx, m: Movement): Promise<MoveResult> {
  if (m.idempotencyKey) {
    const prior = await findEntryByKey(tx, m.idempotencyKey);
    if (prior) return { ok: true, entryId: prior.id, balanceAfter: prior.balanceAfter, repeated: true };
  }
  // Parsing through the domain refuses floats and malformed amounts before any SQL runs.
  const balance = money(m.balanceDelta).toFixed();
  const lock = money(m.lockDelta ?? '0').toFixed();
  const margin = money(m.marginDelta ?? '0').toFixed();
  const after = await applyDeltas(tx, m.userId, { balance, lock, margin }, m.allowNegativeBalance ?? false);
  if (!after) return { ok: false, reason: 'INSUFFICIENT_FUNDS' };
  const entry = await insertEntry(tx, {
    userId: m.userId,
    type: m.type,
    balanceDelta: balance,
    lockDelta: lock,
    marginDelta: margin,
    balanceAfter: after.balance,
    memo: m.memo ?? '',
    idempotencyKey: m.idempotencyKey ?? null,
    ...(m.at ? { createdAt: m.at } : {}),
  });
  return { ok: true, entryId: entry.id, balanceAfter: after.balance, repeated: false };
}
