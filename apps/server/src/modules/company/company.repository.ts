import { COMPANY_STATUS } from '@meridian/contracts';
import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';

export type CompanyRow = typeof companies.$inferSelect;
type CompanyInsert = typeof companies.$inferInsert;

/** A LIKE pattern matching the text anywhere, its own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** By name as people read it (case-insensitive), then by id for names equal but for case. */
const byName = [asc(sql`lower(${companies.name})`), asc(companies.id)];

/** Companies in service whose name contains the text (all when empty), by name, at most `limit`. */
export async function searchActiveCompanies(db: DbOrTx, name: string, limit: number): Promise<CompanyRow[]> {
  return db
    .select()
    .from(companies)
    .where(
      and(
        eq(companies.status, COMPANY_STATUS.ACTIVE),
        name ? ilike(companies.name, containing(name)) : undefined,
      ),
    )
    .orderBy(...byName)
    .limit(limit);
}

/** Every company (any status) for staff, by name; `q` matches the name. */
export async function listCompanies(db: DbOrTx, f: { q: string; page: number; pageSize: number }) {
  const where = f.q ? ilike(companies.name, containing(f.q)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(companies)
      .where(where)
      .orderBy(...byName)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findCompany(db: DbOrTx, id: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}

/** The company's row, locked until the transaction ends (two edits of one company queue). */
export async function lockCompany(tx: DbOrTx, id: number): Promise<CompanyRow | null> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
  return row ?? null;
}

export async function insertCompany(db: DbOrTx, row: CompanyInsert): Promise<CompanyRow> {
  const [inserted] = await db.insert(companies).values(row).returning();
  return inserted!;
}

export async function updateCompany(
  db: DbOrTx,
  id: number,
  set: Partial<CompanyInsert>,
): Promise<CompanyRow> {
  const [row] = await db.update(companies).set(set).where(eq(companies.id, id)).returning();
  return row!;
}

/** How many companies there are (the seed fills an empty directory only). */
export async function countCompanies(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companies).limit(1);
  return Number(row?.n ?? 0);
}

/**
 * Whether a database error is a unique violation (SQLSTATE 23505), as either driver reports it:
 * node-postgres and PGlite put the code on the error, drizzle wraps it as the `cause`.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}
