import { REAL_NAME_STATUS } from '@meridian/contracts';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { realNameSubmissions, users } from '../../db/schema.ts';

export type RealNameRow = typeof realNameSubmissions.$inferSelect;
type RealNameInsert = typeof realNameSubmissions.$inferInsert;

/** What staff see of a submission's owner. */
const owner = {
  uid: users.uid,
  email: users.email,
  mobile: users.mobile,
  areaCode: users.areaCode,
};
export type SubmissionOwner = {
  uid: string;
  email: string | null;
  mobile: string | null;
  areaCode: string | null;
};

/** Other accounts (not the submission's own) with a submission carrying its ID number. */
const sameCardAccounts = sql<number>`(select count(distinct o.user_id) from ${realNameSubmissions} o
  where o.card_id = ${realNameSubmissions.cardId} and o.user_id <> ${realNameSubmissions.userId})`.mapWith(
  Number,
);

/** The user's newest submission (their current status), or null when they never submitted. */
export async function latestSubmission(db: DbOrTx, userId: number): Promise<RealNameRow | null> {
  const [row] = await db
    .select()
    .from(realNameSubmissions)
    .where(eq(realNameSubmissions.userId, userId))
    .orderBy(desc(realNameSubmissions.id))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts a waiting submission unless the user already has one waiting or approved (the partial
 * unique index real_name_one_open_key): then null, also when a concurrent submission won the race.
 */
export async function insertSubmissionIfNoneOpen(
  db: DbOrTx,
  row: RealNameInsert,
): Promise<RealNameRow | null> {
  const [inserted] = await db.insert(realNameSubmissions).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findSubmission(db: DbOrTx, id: number): Promise<RealNameRow | null> {
  const [row] = await db.select().from(realNameSubmissions).where(eq(realNameSubmissions.id, id)).limit(1);
  return row ?? null;
}

/**
 * Decides a waiting submission in one conditional update: of reviewers racing on it, exactly one
 * gets the row back, the others null.
 */
export async function decideWaiting(
  db: DbOrTx,
  id: number,
  decision: Pick<RealNameInsert, 'status' | 'rejectReason' | 'staffNote' | 'reviewedBy' | 'reviewedAt'>,
): Promise<RealNameRow | null> {
  const [row] = await db
    .update(realNameSubmissions)
    .set(decision)
    .where(and(eq(realNameSubmissions.id, id), eq(realNameSubmissions.status, REAL_NAME_STATUS.WAITING)))
    .returning();
  return row ?? null;
}

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of submissions with their owners and same-ID counts. Waiting ones (status 1) come oldest
 * first, the order they are worked through; any other filter newest first.
 */
export async function listSubmissions(
  db: DbOrTx,
  f: { status?: number | undefined; q: string; page: number; pageSize: number },
) {
  const parts: SQL[] = [];
  if (f.status !== undefined) parts.push(eq(realNameSubmissions.status, f.status));
  if (f.q) {
    const p = like(f.q);
    parts.push(
      or(
        ilike(users.uid, p),
        ilike(users.email, p),
        ilike(users.mobile, p),
        ilike(realNameSubmissions.name, p),
        // ID numbers are stored normalised (no spaces, upper case): so is what staff type.
        ilike(realNameSubmissions.cardId, like(f.q.replace(/\s+/g, '').toUpperCase())),
      )!,
    );
  }
  const where = parts.length ? and(...parts) : undefined;
  const order =
    f.status === REAL_NAME_STATUS.WAITING ? asc(realNameSubmissions.id) : desc(realNameSubmissions.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: realNameSubmissions, owner, sameCardAccounts })
      .from(realNameSubmissions)
      .innerJoin(users, eq(users.id, realNameSubmissions.userId))
      .where(where)
      .orderBy(order)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db
      .select({ n: count() })
      .from(realNameSubmissions)
      .innerJoin(users, eq(users.id, realNameSubmissions.userId))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Some submissions with their owners and same-ID counts, newest first. */
export async function submissionsWithOwners(db: DbOrTx, where: SQL) {
  return db
    .select({ row: realNameSubmissions, owner, sameCardAccounts })
    .from(realNameSubmissions)
    .innerJoin(users, eq(users.id, realNameSubmissions.userId))
    .where(where)
    .orderBy(desc(realNameSubmissions.id));
}

/** One submission with its owner and same-ID count, or null. */
export async function submissionWithOwner(db: DbOrTx, id: number) {
  const [found] = await submissionsWithOwners(db, eq(realNameSubmissions.id, id));
  return found ?? null;
}

/** The user's submissions other than `exceptId`, newest first. */
export const otherSubmissionsOf = (db: DbOrTx, userId: number, exceptId: number) =>
  submissionsWithOwners(
    db,
    and(eq(realNameSubmissions.userId, userId), ne(realNameSubmissions.id, exceptId))!,
  );

/** How many other accounts may be listed as using one ID number (a shared or leaked card). */
const SAME_CARD_LIMIT = 50;

/**
 * Other accounts that submitted this ID number: each one's newest submission with it, newest first.
 */
export async function sameCardSubmissions(db: DbOrTx, cardId: string, exceptUserId: number) {
  const newestPerUser = db
    .selectDistinctOn([realNameSubmissions.userId], { id: realNameSubmissions.id })
    .from(realNameSubmissions)
    .where(and(eq(realNameSubmissions.cardId, cardId), ne(realNameSubmissions.userId, exceptUserId)))
    .orderBy(realNameSubmissions.userId, desc(realNameSubmissions.id));
  return db
    .select({ row: realNameSubmissions, owner })
    .from(realNameSubmissions)
    .innerJoin(users, eq(users.id, realNameSubmissions.userId))
    .where(inArray(realNameSubmissions.id, newestPerUser))
    .orderBy(desc(realNameSubmissions.id))
    .limit(SAME_CARD_LIMIT);
}
