import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerKeyExists, transitionDeposit, transitionWithdrawal } from './wallet.repository.ts';

/**
 * A wallet row is claimed (or written) before money moves through the engine, whose journal is
 * not in the same transaction; the ledger key named after the row says whether the money moved.
 * These settle one row from it: at start (rows a crash left mid-way) and when a move failed.
 */

/** A deposit claimed for approval (5): credited → approved (1), not → back in the queue (0). */
export async function settleDeposit(db: DbOrTx, id: number) {
  const credited = await ledgerKeyExists(db, `deposit:${id}`);
  return transitionDeposit(
    db,
    id,
    5,
    credited ? { status: 1 } : { status: 0, reviewedBy: '', reviewedAt: null },
  );
}

/**
 * A withdrawal at −1 (requested), 8 (paying) or 9 (refunding): frozen → 0, not → −2 (void);
 * paid or refunded → 1 or 2, not → back in the queue (0).
 */
export async function settleWithdrawal(db: DbOrTx, w: { id: number; status: number }) {
  const key = w.status === -1 ? 'withdraw-freeze' : w.status === 8 ? 'withdraw-paid' : 'withdraw-refund';
  const done = await ledgerKeyExists(db, `${key}:${w.id}`);
  const next = w.status === -1 ? (done ? 0 : -2) : done ? (w.status === 8 ? 1 : 2) : 0;
  return transitionWithdrawal(
    db,
    w.id,
    w.status,
    next === 0 && w.status !== -1 ? { status: 0, reviewedBy: '', reviewedAt: null } : { status: next },
  );
}

/**
 * Runs the money-moving step of a claimed row; if it throws (a failed journal write, even one
 * failed by another account's orders in the same commit), settles the row at once so it is never
 * left claimed until the next start, then rethrows: the caller sees the error and may retry.
 */
export async function settleIfFailed<T>(
  log: FastifyBaseLogger,
  settle: () => Promise<unknown>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    // If settling fails too (the database is down), the start-up settlement still finishes it.
    await settle().catch((e: unknown) => log.error({ err: e }, 'settling a wallet row failed'));
    throw err;
  }
}
