import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerEntries, users } from '../../db/schema.ts';

export async function findEntryByKey(db: DbOrTx, key: string) {
  const rows = await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key)).limit(1);
  return rows[0] ?? null;
}

/**
 * Applies deltas only if no figure would go below zero; returns the new figures, or null when
 * the account lacks the funds (or does not exist). One statement, so concurrent moves serialise
 * on the row lock and none can overdraw.
 */
export async function applyDeltas(
  db: DbOrTx,
  userId: number,
  d: { balance: string; lock: string; margin: string },
  allowNegativeBalance = false,
) {
  const rows = await db
    .update(users)
    .set({
      balance: sql`${users.balance} + ${d.balance}::numeric`,
      lockBalance: sql`${users.lockBalance} + ${d.lock}::numeric`,
      margin: sql`${users.margin} + ${d.margin}::numeric`,
    })
    .where(
      sql`${users.id} = ${userId}
        and (${allowNegativeBalance} or ${users.balance} + ${d.balance}::numeric >= 0)
        and ${users.lockBalance} + ${d.lock}::numeric >= 0
        and ${users.margin} + ${d.margin}::numeric >= 0`,
    )
    .returning({ balance: users.balance, lockBalance: users.lockBalance, margin: users.margin });
  return rows[0] ?? null;
}

export async function insertEntry(db: DbOrTx, row: typeof ledgerEntries.$inferInsert) {
  const rows = await db.insert(ledgerEntries).values(row).returning();
  return rows[0]!;
}

/**
 * Accounts whose figures differ from the sum of their ledger entries (DESIGN §2). Empty means the
 * books reconcile: balance + frozen + margin == sum of entries, figure by figure.
 */
export async function findMismatchedAccounts(db: DbOrTx) {
  const result = await db.execute(sql`
    select u.id, u.balance, u.lock_balance, u.margin,
           coalesce(sum(l.balance_delta), 0) as ledger_balance,
           coalesce(sum(l.lock_delta), 0) as ledger_lock,
           coalesce(sum(l.margin_delta), 0) as ledger_margin
    from users u left join ledger_entries l on l.user_id = u.id
    group by u.id
    having u.balance <> coalesce(sum(l.balance_delta), 0)
        or u.lock_balance <> coalesce(sum(l.lock_delta), 0)
        or u.margin <> coalesce(sum(l.margin_delta), 0)`);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

/** The reconciliation as the back office and the start-up check report it (figures as exact text). */
export async function reconcileLedger(db: DbOrTx) {
  const text = (v: unknown) => String(v);
  const mismatched = (await findMismatchedAccounts(db)).map((r) => ({
    userId: Number(r.id),
    balance: text(r.balance),
    lockBalance: text(r.lock_balance),
    margin: text(r.margin),
    ledgerBalance: text(r.ledger_balance),
    ledgerLock: text(r.ledger_lock),
    ledgerMargin: text(r.ledger_margin),
  }));
  const counted = (await db.execute(sql`select count(*)::int as n from users`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return { accounts: Number(counted.rows[0]?.n ?? 0), mismatched };
}
