import { DEPOSIT_STATUS, WITHDRAWAL_STATUS } from '@meridian/contracts';
import { LEDGER_TYPE } from '@meridian/domain';
import { and, asc, desc, eq, type InferSelectModel, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { selectPage } from '../../db/paging.ts';
import {
  bankAccounts,
  bankChannels,
  coinOptions,
  deposits,
  drawCurrencies,
  drawMethods,
  ledgerEntries,
  uploads,
  users,
  withdrawals,
} from '../../db/schema.ts';

export type DepositRow = typeof deposits.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
type DepositInsert = typeof deposits.$inferInsert;
type WithdrawalInsert = typeof withdrawals.$inferInsert;
export type DrawMethodRow = typeof drawMethods.$inferSelect;
export type DrawCurrencyRow = typeof drawCurrencies.$inferSelect;
/** The two kinds of row staff review (DESIGN §7). */
export type ReviewedTable = typeof deposits | typeof withdrawals;

const one = <T>(rows: T[]) => rows[0] ?? null;

// ---- history ----
export function ledgerPage(db: DbOrTx, userId: number, page: number, size: number) {
  // The user's own entries, and the performance fees their copy allocations paid (DESIGN §9: the
  // follower sees the fee's entry as the provider does; the allocation's trading stays in the copy tab).
  const where = or(
    eq(ledgerEntries.userId, userId),
    and(
      eq(ledgerEntries.type, LEDGER_TYPE.COPY_PERFORMANCE_FEE),
      sql`${ledgerEntries.userId} in (select id from users where parent_user_id = ${userId})`,
    ),
  );
  return selectPage(db, ledgerEntries, where, desc(ledgerEntries.id), page, size);
}

// ---- configuration ----
export const listCoinOptions = (db: DbOrTx, all = false) =>
  db
    .select()
    .from(coinOptions)
    .where(all ? undefined : eq(coinOptions.enabled, true))
    .orderBy(asc(coinOptions.sort), asc(coinOptions.id));
export const listBankChannels = (db: DbOrTx, all = false) =>
  db
    .select()
    .from(bankChannels)
    .where(all ? undefined : eq(bankChannels.enabled, true))
    .orderBy(asc(bankChannels.sort), asc(bankChannels.id));
export const listBankAccounts = (db: DbOrTx, channelId?: number) =>
  db
    .select()
    .from(bankAccounts)
    .where(channelId ? and(eq(bankAccounts.channelId, channelId), eq(bankAccounts.enabled, true)) : undefined)
    .orderBy(asc(bankAccounts.id));
export const listDrawCurrencies = (db: DbOrTx, type?: number) =>
  db
    .select()
    .from(drawCurrencies)
    .where(type ? and(eq(drawCurrencies.type, type), eq(drawCurrencies.enabled, true)) : undefined)
    .orderBy(asc(drawCurrencies.sort), asc(drawCurrencies.id));
export const findCoinOption = async (db: DbOrTx, id: number) =>
  one(await db.select().from(coinOptions).where(eq(coinOptions.id, id)).limit(1));
export const findBankAccount = async (db: DbOrTx, id: number) =>
  one(await db.select().from(bankAccounts).where(eq(bankAccounts.id, id)).limit(1));
export const findBankChannel = async (db: DbOrTx, id: number) =>
  one(await db.select().from(bankChannels).where(eq(bankChannels.id, id)).limit(1));
export const findDrawCurrency = async (db: DbOrTx, id: number) =>
  one(await db.select().from(drawCurrencies).where(eq(drawCurrencies.id, id)).limit(1));

/**
 * Creates (no id) or updates a wallet settings row; answers the row before (null when created)
 * and after, for the audit log, or null when the id names no row. Call it in a transaction: the
 * row is locked between the two reads.
 */
export async function saveRow<
  T extends typeof coinOptions | typeof bankChannels | typeof bankAccounts | typeof drawCurrencies,
>(db: DbOrTx, table: T, id: number | undefined, values: Record<string, unknown>) {
  const t = table as unknown as typeof coinOptions;
  if (id) {
    const before = one(await db.select().from(t).where(eq(t.id, id)).for('update'));
    if (!before) return null;
    const after = one(
      await db
        .update(t)
        .set(values as never)
        .where(eq(t.id, id))
        .returning(),
    );
    return after ? { before, after } : null;
  }
  const after = one(
    await db
      .insert(t)
      .values(values as never)
      .returning(),
  );
  return after ? { before: null, after } : null;
}

// ---- deposit proofs (uploads' own calls: uploads/uploads.repository.ts) ----
/**
 * Whether a deposit waiting for review, being reviewed or credited already cites this proof (a
 * rejected or void one frees it for a new request). Locks the upload's row first, so two
 * submissions citing one proof at once are decided one after the other: call it in a transaction.
 */
export async function proofInUse(db: DbOrTx, name: string): Promise<boolean> {
  await db.select({ name: uploads.name }).from(uploads).where(eq(uploads.name, name)).for('update');
  const rows = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(
      and(
        eq(deposits.proofFile, name),
        inArray(deposits.status, [
          DEPOSIT_STATUS.UNCHECKED,
          DEPOSIT_STATUS.FINISHED,
          DEPOSIT_STATUS.APPLYING,
        ]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

// ---- deposits ----
/** The owners of some rows staff review. */
export async function usersByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}
export async function insertDeposit(db: DbOrTx, row: typeof deposits.$inferInsert) {
  return (await db.insert(deposits).values(row).returning())[0]!;
}
export function userDeposits(db: DbOrTx, userId: number, type: number, page: number, size: number) {
  const where = and(eq(deposits.userId, userId), eq(deposits.type, type));
  return selectPage(db, deposits, where, desc(deposits.id), page, size);
}
/** Rows of the user with this public number (staff filter by uid, never by internal id). */
const ofUid = (column: AnyPgColumn, uid: string) =>
  sql`${column} in (select ${users.id} from ${users} where ${users.uid} = ${uid})`;

/** Deposits or withdrawals in one status (of the user with this uid, if given), newest first. */
export function reviewedByStatus<T extends ReviewedTable>(
  db: DbOrTx,
  table: T,
  status: number,
  uid: string | undefined,
  page: number,
  size: number,
) {
  const t = table as ReviewedTable;
  const parts: SQL[] = [eq(t.status, status)];
  if (uid !== undefined) parts.push(ofUid(t.userId, uid));
  return selectPage(db, table, and(...parts), desc(t.id), page, size);
}
export const findDeposit = async (db: DbOrTx, id: number) =>
  one(await db.select().from(deposits).where(eq(deposits.id, id)).limit(1));
/**
 * Moves a deposit or withdrawal from one status to another only if it is still there (one
 * reviewer wins); answers the row after, or null when it had moved on.
 */
async function transition<T extends ReviewedTable>(
  db: DbOrTx,
  table: T,
  id: number,
  from: number,
  set: Partial<T['$inferInsert']>,
): Promise<InferSelectModel<T> | null> {
  // One table type for the query builder (as saveRow does): the two tables share id and status.
  const t = table as unknown as typeof deposits;
  return one(
    await db
      .update(t)
      .set(set as Partial<typeof deposits.$inferInsert>)
      .where(and(eq(t.id, id), eq(t.status, from)))
      .returning(),
  ) as InferSelectModel<T> | null;
}
export const transitionDeposit = (db: DbOrTx, id: number, from: number, set: Partial<DepositInsert>) =>
  transition(db, deposits, id, from, set);

// ---- methods ----
export function userMethods(db: DbOrTx, userId: number, type: number, currencyId?: number) {
  return db
    .select({ m: drawMethods, c: drawCurrencies })
    .from(drawMethods)
    .innerJoin(drawCurrencies, eq(drawCurrencies.id, drawMethods.drawCurrencyId))
    .where(
      and(
        eq(drawMethods.userId, userId),
        eq(drawMethods.type, type),
        isNull(drawMethods.deletedAt),
        currencyId ? eq(drawMethods.drawCurrencyId, currencyId) : undefined,
      ),
    )
    .orderBy(desc(drawMethods.id));
}
export async function insertMethod(db: DbOrTx, row: typeof drawMethods.$inferInsert) {
  return (await db.insert(drawMethods).values(row).returning())[0]!;
}
export const findMethod = async (db: DbOrTx, id: number) =>
  one(await db.select().from(drawMethods).where(eq(drawMethods.id, id)).limit(1));
export async function deleteMethod(db: DbOrTx, id: number, userId: number, at: Date) {
  return one(
    await db
      .update(drawMethods)
      .set({ deletedAt: at })
      .where(and(eq(drawMethods.id, id), eq(drawMethods.userId, userId), isNull(drawMethods.deletedAt)))
      .returning(),
  );
}

// ---- withdrawals ----
export async function insertWithdrawal(db: DbOrTx, row: typeof withdrawals.$inferInsert) {
  return (await db.insert(withdrawals).values(row).returning())[0]!;
}
export const transitionWithdrawal = (db: DbOrTx, id: number, from: number, set: Partial<WithdrawalInsert>) =>
  transition(db, withdrawals, id, from, set);
export const findWithdrawal = async (db: DbOrTx, id: number) =>
  one(await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1));
export function userWithdrawals(db: DbOrTx, userId: number, type: number, page: number, size: number) {
  const where = and(
    eq(withdrawals.userId, userId),
    eq(withdrawals.type, type),
    // Never the ones refused at request or still being requested.
    inArray(withdrawals.status, [
      WITHDRAWAL_STATUS.REVIEWING,
      WITHDRAWAL_STATUS.PAID,
      WITHDRAWAL_STATUS.REJECTED,
      WITHDRAWAL_STATUS.PAYING,
      WITHDRAWAL_STATUS.REJECTING,
    ]),
  );
  return selectPage(db, withdrawals, where, desc(withdrawals.id), page, size);
}

export async function reviewQueueCounts(db: DbOrTx) {
  const r = (await db.execute(sql`
    select (select count(*) from deposits where status = ${DEPOSIT_STATUS.UNCHECKED})::int as deposits,
           (select count(*) from withdrawals where status = ${WITHDRAWAL_STATUS.REVIEWING})::int as withdrawals`)) as unknown as {
    rows: Array<{ deposits: number; withdrawals: number }>;
  };
  return r.rows[0]!;
}

export async function ledgerKeyExists(db: DbOrTx, key: string) {
  return (
    (
      await db
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.idempotencyKey, key))
        .limit(1)
    ).length > 0
  );
}

/** Rows left mid-way by a crash (claims, unconfirmed requests): finished at start from the ledger. */
export async function unfinishedWalletRows(db: DbOrTx) {
  const { REQUESTING, PAYING, REJECTING } = WITHDRAWAL_STATUS;
  const d = await db.select().from(deposits).where(eq(deposits.status, DEPOSIT_STATUS.APPLYING));
  const w = await db
    .select()
    .from(withdrawals)
    .where(inArray(withdrawals.status, [REQUESTING, PAYING, REJECTING]));
  return { deposits: d, withdrawals: w };
}

/** A user's withdrawals whose money may still be frozen (requested, in review, paying, refunding), newest first. */
export function openWithdrawalsOf(db: DbOrTx, userId: number) {
  const { REQUESTING, REVIEWING, PAYING, REJECTING } = WITHDRAWAL_STATUS;
  return db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        inArray(withdrawals.status, [REQUESTING, REVIEWING, PAYING, REJECTING]),
      ),
    )
    .orderBy(desc(withdrawals.id));
}

/** Users whose open withdrawals claim more than their frozen amount (a crash left them unsettled). */
export async function usersWithUncoveredWithdrawals(db: DbOrTx): Promise<number[]> {
  const { REVIEWING, PAYING, REJECTING } = WITHDRAWAL_STATUS;
  const rows = (await db.execute(sql`
    select w.user_id as id
    from withdrawals w join users u on u.id = w.user_id
    where w.status in (${REVIEWING}, ${PAYING}, ${REJECTING})
    group by w.user_id, u.lock_balance
    having sum(w.amount) > u.lock_balance`)) as unknown as { rows: Array<{ id: number | string }> };
  return rows.rows.map((r) => Number(r.id));
}
