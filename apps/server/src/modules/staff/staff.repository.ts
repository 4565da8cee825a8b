import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffAudit, staffSessions, staffUsers } from '../../db/schema.ts';

export type StaffRow = typeof staffUsers.$inferSelect;

export async function findStaffByEmail(db: DbOrTx, email: string) {
  return (await db.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1))[0] ?? null;
}

export async function findStaffById(db: DbOrTx, id: number) {
  return (await db.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1))[0] ?? null;
}

export async function listStaff(db: DbOrTx) {
  return db.select().from(staffUsers).orderBy(asc(staffUsers.id));
}

/** Staff with a TOTP seed, confirmed or pending (the start-up sealing pass). */
export async function listStaffWithSecrets(db: DbOrTx) {
  return db
    .select({
      id: staffUsers.id,
      totpSecret: staffUsers.totpSecret,
      totpPendingSecret: staffUsers.totpPendingSecret,
    })
    .from(staffUsers)
    .where(sql`${staffUsers.totpSecret} is not null or ${staffUsers.totpPendingSecret} is not null`);
}

export async function countStaff(db: DbOrTx) {
  const r = (await db.execute(sql`select count(*)::int as n from staff_users`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return r.rows[0]!.n;
}

export async function countActiveOwners(db: DbOrTx) {
  const r = (await db.execute(
    sql`select count(*)::int as n from staff_users where role = 'owner' and not disabled`,
  )) as unknown as { rows: Array<{ n: number }> };
  return r.rows[0]!.n;
}

export async function insertStaff(db: DbOrTx, row: typeof staffUsers.$inferInsert) {
  return (await db.insert(staffUsers).values(row).onConflictDoNothing().returning())[0] ?? null;
}

/** Deletes a staff account that never signed in (a first owner made by a start that then failed). */
export async function deleteUnusedStaff(db: DbOrTx, id: number) {
  await db.delete(staffUsers).where(and(eq(staffUsers.id, id), isNull(staffUsers.lastLoginAt)));
}

export async function updateStaff(db: DbOrTx, id: number, set: Partial<typeof staffUsers.$inferInsert>) {
  return (await db.update(staffUsers).set(set).where(eq(staffUsers.id, id)).returning())[0] ?? null;
}

export async function insertStaffSession(db: DbOrTx, row: typeof staffSessions.$inferInsert) {
  await db.insert(staffSessions).values(row);
}

export async function findLiveStaffSession(db: DbOrTx, tokenHash: string, now: Date) {
  const rows = await db
    .select({ id: staffSessions.id, staffId: staffSessions.staffId })
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function revokeStaffSession(db: DbOrTx, tokenHash: string, now: Date) {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)));
}

export async function revokeStaffSessions(db: DbOrTx, staffId: number, now: Date, keepTokenHash?: string) {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        keepTokenHash ? ne(staffSessions.tokenHash, keepTokenHash) : undefined,
      ),
    );
}

export async function insertAudit(db: DbOrTx, row: typeof staffAudit.$inferInsert) {
  await db.insert(staffAudit).values(row);
}
