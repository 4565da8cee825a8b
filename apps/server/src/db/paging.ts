import { count, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** One page of a table's rows (newest first or as ordered) and how many match in total, in parallel. */
export async function selectPage<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  orderBy: SQL | PgColumn | Array<SQL | PgColumn>,
  page: number,
  size: number,
): Promise<{ rows: InferSelectModel<T>[]; total: number }> {
  const t = table as unknown as PgTable;
  const [rows, [c]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(...(Array.isArray(orderBy) ? orderBy : [orderBy]))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows: rows as InferSelectModel<T>[], total: Number(c?.n ?? 0) };
}
