import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';

export type IdempotencyClaim =
  | { kind: 'new' }
  | { kind: 'done'; response: unknown }
  | { kind: 'in_progress' };

/** Claims a key for a user; a repeat sees the stored answer, or that the first is still running. */
export async function claimKey(
  db: Db,
  userId: number,
  key: string,
  route: string,
  now: Date,
): Promise<IdempotencyClaim> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId, key, route, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 1) return { kind: 'new' };
  const rows = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  const row = rows[0];
  if (!row || row.response === null) return { kind: 'in_progress' };
  return { kind: 'done', response: row.response };
}

export async function storeAnswer(db: Db, userId: number, key: string, response: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ response })
    .where(
      and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.response)),
    );
}

/** An unexpected failure leaves nothing done: free the key so the client may retry. */
export async function releaseKey(db: Db, userId: number, key: string) {
  await db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.response)),
    );
}
