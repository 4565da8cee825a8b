import { DEPOSIT_STATUS, WITHDRAWAL_STATUS } from '@meridian/contracts';
import { LEDGER_TYPE, type Money, money } from '@meridian/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { Movement } from '../../engine/account-book.ts';
import {
  ledgerKeyExists,
  openWithdrawalsOf,
  transitionDeposit,
  transitionWithdrawal,
  usersWithUncoveredWithdrawals,
} from './wallet.repository.ts';

/**
 * A wallet row is claimed (or written) before money moves through the engine, whose journal is
 * not in the same transaction; the ledger key named after the row says whether the money moved.
 * These settle one row from it: at start (rows a crash left mid-way) and when a move failed.
 */

/** A deposit claimed for approval (APPLYING): credited → FINISHED, not → back in the queue (UNCHECKED). */
export async function settleDeposit(db: DbOrTx, id: number) {
  const credited = await ledgerKeyExists(db, `deposit:${id}`);
  return transitionDeposit(
    db,
    id,
    DEPOSIT_STATUS.APPLYING,
    credited
      ? { status: DEPOSIT_STATUS.FINISHED }
      : { status: DEPOSIT_STATUS.UNCHECKED, reviewedBy: '', reviewedAt: null },
  );
}

/**
 * A withdrawal REQUESTING, PAYING or REJECTING: frozen → REVIEWING, not → REFUSED (void); paid
 * or refunded → PAID or REJECTED, not → back in the queue (REVIEWING).
 */
export async function settleWithdrawal(db: DbOrTx, w: { id: number; status: number }) {
  const { REQUESTING, REFUSED, REVIEWING, PAID, REJECTED, PAYING } = WITHDRAWAL_STATUS;
  const requesting = w.status === REQUESTING;
  const paying = w.status === PAYING;
  const key = requesting ? 'withdraw-freeze' : paying ? 'withdraw-paid' : 'withdraw-refund';
  const done = await ledgerKeyExists(db, `${key}:${w.id}`);
  const moved = requesting ? REVIEWING : paying ? PAID : REJECTED;
  const next = done ? moved : requesting ? REFUSED : REVIEWING;
  return transitionWithdrawal(
    db,
    w.id,
    w.status,
    // Back in review: whatever the review or settlement that claimed it noted no longer applies.
    next === REVIEWING && !requesting
      ? { status: REVIEWING, remark: '', reviewedBy: '', reviewedAt: null }
      : { status: next },
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

/** What the settlement needs of the engine: the frozen amount, and moving money through the ledger. */
export interface FrozenSource {
  figures(userId: number): Promise<{ lock: Money }>;
  move(m: Movement): Promise<{ ok: boolean }>;
}

/**
 * The note a request rejected this way carries: a code, answered to the trader in their language
 * (`wallet.remark_used_for_loss`), shown to staff as is.
 */
export const USED_FOR_LOSS_REMARK = 'negative_balance_protection';

/**
 * One lane per user for everything that changes what their withdrawal requests claim of the frozen
 * amount: a request being made (row, freeze, into review), a staff review, the settlement after a
 * covered loss. In one lane nothing interleaves between reading the rows and the frozen amount and
 * acting on them (two settlements at once each rejected a request for the same shortfall; a review
 * between a settlement's reads left money frozen that no request claimed). One server serves a
 * database at a time, so a lane in this process is enough.
 */
const lanes = new Map<number, Promise<unknown>>();

export function inWithdrawalLane<T>(userId: number, work: () => Promise<T>): Promise<T> {
  const before = lanes.get(userId) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(work);
  lanes.set(userId, run);
  void run
    .finally(() => {
      if (lanes.get(userId) === run) lanes.delete(userId);
    })
    .catch(() => undefined);
  return run;
}

/**
 * After frozen money covered a trading loss (the engine's WITHDRAWAL_APPLIED_TO_LOSS), the user's
 * requests may claim more than is still frozen. Newest first, requests under review are rejected
 * with a note, each one's part still frozen refunded (its `withdraw-refund` key), until the open
 * requests claim no more than the frozen amount. Idempotent: run after the loss, at start (a crash
 * in between), and after a review that found its money gone. Returns how many it rejected.
 */
export function settleWithdrawalsAgainstFrozen(
  db: DbOrTx,
  engine: FrozenSource,
  userId: number,
  now: Date,
): Promise<number> {
  return inWithdrawalLane(userId, () => settleAgainstFrozenInLane(db, engine, userId, now));
}

/** The ledger key that says a request's money has left the frozen amount, by its status. */
const LEFT_FROZEN: Record<number, string> = {
  [WITHDRAWAL_STATUS.PAYING]: 'withdraw-paid',
  [WITHDRAWAL_STATUS.REJECTING]: 'withdraw-refund',
};

/**
 * What the user's requests claim of the frozen amount: under review, being paid or refunded until
 * their money has moved, and requested once their freeze has.
 */
async function claimsOnFrozen(db: DbOrTx, rows: Awaited<ReturnType<typeof openWithdrawalsOf>>) {
  let total = money('0');
  for (const w of rows) {
    const claims =
      w.status === WITHDRAWAL_STATUS.REQUESTING
        ? await ledgerKeyExists(db, `withdraw-freeze:${w.id}`)
        : !(w.status in LEFT_FROZEN) || !(await ledgerKeyExists(db, `${LEFT_FROZEN[w.status]}:${w.id}`));
    if (claims) total = total.plus(money(w.amount));
  }
  return total;
}

/**
 * The settlement itself; only ever run in the user's withdrawal lane, where nothing else changes
 * the user's requests meanwhile.
 */
export async function settleAgainstFrozenInLane(
  db: DbOrTx,
  engine: FrozenSource,
  userId: number,
  now: Date,
): Promise<number> {
  const open = await openWithdrawalsOf(db, userId);
  if (open.length === 0) return 0;
  const { lock } = await engine.figures(userId);
  let excess = (await claimsOnFrozen(db, open)).minus(lock);
  let rejected = 0;
  for (const w of open) {
    if (excess.lte(0)) break;
    // Requested, being paid or refunded: not this settlement's.
    if (w.status !== WITHDRAWAL_STATUS.REVIEWING) continue;
    const amount = money(w.amount);
    const consumed = amount.lt(excess) ? amount : excess;
    const refund = amount.minus(consumed);
    const note = { remark: USED_FOR_LOSS_REMARK, reviewedBy: 'system', reviewedAt: now };
    const claimed = await transitionWithdrawal(db, w.id, WITHDRAWAL_STATUS.REVIEWING, {
      status: refund.isZero() ? WITHDRAWAL_STATUS.REJECTED : WITHDRAWAL_STATUS.REJECTING,
      ...note,
    });
    if (!claimed) throw new Error(`withdrawal ${w.id} changed outside its lane`);
    if (!refund.isZero()) {
      try {
        const moved = await engine.move({
          userId,
          type: LEDGER_TYPE.WITHDRAWAL_REFUND,
          balanceDelta: refund,
          lockDelta: refund.negated(),
          memo: `withdrawal ${w.id}`,
          idempotencyKey: `withdraw-refund:${w.id}`,
        });
        if (!moved.ok) throw new Error(`withdrawal ${w.id}: refund of what stays frozen refused`);
      } catch (err) {
        // Settled from the ledger at once (back in review, or rejected if the refund did land),
        // never left claimed until the next start.
        await settleWithdrawal(db, { id: w.id, status: WITHDRAWAL_STATUS.REJECTING });
        throw err;
      }
      await transitionWithdrawal(db, w.id, WITHDRAWAL_STATUS.REJECTING, {
        status: WITHDRAWAL_STATUS.REJECTED,
      });
    }
    rejected++;
    excess = excess.minus(consumed);
  }
  return rejected;
}

/** At start: every user whose open requests claim more than is frozen (see above). */
export async function settleAllAgainstFrozen(db: DbOrTx, engine: FrozenSource, now: Date): Promise<number> {
  let rejected = 0;
  for (const userId of await usersWithUncoveredWithdrawals(db))
    rejected += await settleWithdrawalsAgainstFrozen(db, engine, userId, now);
  return rejected;
}
