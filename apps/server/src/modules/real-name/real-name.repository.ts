import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { realNameSubmissions } from '../../db/schema.ts';

export type RealNameRow = typeof realNameSubmissions.$inferSelect;

/** The user's newest submission (their current status), or null when they never submitted. */
export async function latestSubmission(db: Db, userId: number): Promise<RealNameRow | null> {
  const [row] = await db
    .select()
    .from(realNameSubmissions)
    .where(eq(realNameSubmissions.userId, userId))
    .orderBy(desc(realNameSubmissions.id))
    .limit(1);
  return row ?? null;
}
