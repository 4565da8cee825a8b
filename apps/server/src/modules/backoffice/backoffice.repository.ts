import { ORDER_STATUS } from '@meridian/contracts';
import { and, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectPage } from '../../db/paging.ts';
import {
  categories,
  instruments,
  ledgerEntries,
  orders,
  outboxMessages,
  sessions,
  settings,
  staffAudit,
  users,
} from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchUsers(
  db: DbOrTx,
  f: { q: string; demo: 'all' | 'real' | 'demo'; page: number; pageSize: number },
) {
  const parts: SQL[] = [];
  if (f.q) {
    const p = like(f.q);
    parts.push(
      or(
        ilike(users.uid, p),
        ilike(users.email, p),
        ilike(users.mobile, p),
        eq(users.inviteCode, f.q.toUpperCase()),
        eq(users.inviteCode, f.q),
      )!,
    );
  }
  if (f.demo !== 'all') parts.push(eq(users.isDemo, f.demo === 'demo'));
  // Copy allocations are accounts, not people: staff find them under Copy trading → Follows.
  parts.push(isNull(users.parentUserId));
  const where = and(...parts);
  return selectPage(db, users, where, desc(users.id), f.page, f.pageSize);
}

/** The internal id of the user with this public number (uid), or null. */
export async function userIdByUid(db: DbOrTx, uid: string) {
  const row = (await db.select({ id: users.id }).from(users).where(eq(users.uid, uid)).limit(1))[0];
  return row?.id ?? null;
}

export async function findUser(db: DbOrTx, id: number) {
  return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null;
}

export async function updateUserFlags(db: DbOrTx, id: number, set: Partial<typeof users.$inferInsert>) {
  return (await db.update(users).set(set).where(eq(users.id, id)).returning())[0] ?? null;
}

export async function usersByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

export async function sessionsOf(db: DbOrTx, userId: number) {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.id)).limit(50);
}

export async function ledgerOf(db: DbOrTx, userId: number, page: number, pageSize: number) {
  const where = eq(ledgerEntries.userId, userId);
  return selectPage(db, ledgerEntries, where, desc(ledgerEntries.id), page, pageSize);
}

export async function historyOf(db: DbOrTx, userId: number, page: number, pageSize: number) {
  const where = and(
    eq(orders.userId, userId),
    inArray(orders.status, [ORDER_STATUS.CLOSED, ORDER_STATUS.CANCELLED]),
  );
  return selectPage(db, orders, where, desc(orders.id), page, pageSize);
}

export async function userCounts(db: DbOrTx, dayStart: Date) {
  const r = (await db.execute(sql`
    select count(*) filter (where not is_demo)::int as total,
           count(*) filter (where not is_demo and created_at >= ${dayStart.toISOString()}::timestamptz)::int as today
    from users where parent_user_id is null`)) as unknown as {
    rows: Array<{ total: number; today: number }>;
  };
  return r.rows[0]!;
}

export async function allInstruments(db: DbOrTx) {
  return db.select().from(instruments).orderBy(instruments.sort, instruments.id);
}

export async function findInstrument(db: DbOrTx, id: number) {
  return (await db.select().from(instruments).where(eq(instruments.id, id)).limit(1))[0] ?? null;
}

/** The instrument's row, locked until the transaction ends (a change checked against it). */
export async function lockInstrument(tx: DbOrTx, id: number) {
  return (await tx.select().from(instruments).where(eq(instruments.id, id)).for('update'))[0] ?? null;
}

export async function insertInstrument(db: DbOrTx, row: typeof instruments.$inferInsert) {
  return (await db.insert(instruments).values(row).onConflictDoNothing().returning())[0] ?? null;
}

export async function updateInstrument(
  db: DbOrTx,
  id: number,
  set: Partial<typeof instruments.$inferInsert>,
) {
  return (await db.update(instruments).set(set).where(eq(instruments.id, id)).returning())[0] ?? null;
}

export async function allCategories(db: DbOrTx) {
  return db.select().from(categories).orderBy(categories.sort, categories.id);
}

export async function updateCategory(db: DbOrTx, id: number, set: Partial<typeof categories.$inferInsert>) {
  return (await db.update(categories).set(set).where(eq(categories.id, id)).returning())[0] ?? null;
}

export async function upsertSetting(db: DbOrTx, key: string, value: string) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

export async function listOutbox(db: DbOrTx, f: { target: string; page: number; pageSize: number }) {
  const where = f.target ? ilike(outboxMessages.target, like(f.target)) : undefined;
  return selectPage(db, outboxMessages, where, desc(outboxMessages.id), f.page, f.pageSize);
}

export async function listAudit(
  db: DbOrTx,
  f: {
    staffId?: number | undefined;
    action: string;
    targetType: string;
    targetId: string;
    from: string;
    to: string;
    page: number;
    pageSize: number;
  },
) {
  const parts: SQL[] = [];
  if (f.staffId) parts.push(eq(staffAudit.staffId, f.staffId));
  if (f.action) parts.push(ilike(staffAudit.action, like(f.action)));
  if (f.targetType) parts.push(eq(staffAudit.targetType, f.targetType));
  if (f.targetId) parts.push(eq(staffAudit.targetId, f.targetId));
  const from = f.from ? new Date(f.from) : null;
  const to = f.to ? new Date(f.to) : null;
  if (from && !Number.isNaN(from.getTime())) parts.push(gte(staffAudit.createdAt, from));
  if (to && !Number.isNaN(to.getTime())) parts.push(lte(staffAudit.createdAt, to));
  const where = parts.length ? and(...parts) : undefined;
  return selectPage(db, staffAudit, where, desc(staffAudit.id), f.page, f.pageSize);
}
