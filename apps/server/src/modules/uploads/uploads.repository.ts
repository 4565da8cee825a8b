import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { deposits, uploads } from '../../db/schema.ts';
import type { UploadKind } from './private-file.ts';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: DbOrTx, row: typeof uploads.$inferInsert) {
  await db.insert(uploads).values(row);
}

export const findUpload = async (db: DbOrTx, name: string): Promise<UploadRow | null> =>
  (await db.select().from(uploads).where(eq(uploads.name, name)).limit(1))[0] ?? null;

/**
 * Some uploads, locked until the transaction ends: what uses them (a deposit citing a proof, a
 * real-name submission claiming ID images) is decided one request after the other.
 */
export const lockUploads = (tx: DbOrTx, names: string[]): Promise<UploadRow[]> =>
  tx.select().from(uploads).where(inArray(uploads.name, names)).for('update');

export async function setUploadKind(tx: DbOrTx, names: string[], kind: UploadKind) {
  await tx.update(uploads).set({ kind }).where(inArray(uploads.name, names));
}

/** Whether any deposit (in any state) cites the upload as its proof: finance must keep reading it. */
export async function citedByDeposit(db: DbOrTx, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(eq(deposits.proofFile, name))
    .limit(1);
  return rows.length > 0;
}
