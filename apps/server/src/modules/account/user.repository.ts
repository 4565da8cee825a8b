import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findUserByDemoId(db: DbOrTx, demoId: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.demoId, demoId)).limit(1);
  return rows[0] ?? null;
}

/** Inserts unless the unique demo id, uid or invite code is taken; returns null on such a conflict. */
export async function insertUserIfAbsent(
  db: DbOrTx,
  row: typeof users.$inferInsert,
): Promise<UserRow | null> {
  const rows = await db.insert(users).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}
