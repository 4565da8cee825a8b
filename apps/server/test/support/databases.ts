import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** PostgreSQL used by the API tests when reachable (the machine's service; CI has it too). */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function isPostgresReachable(url = TEST_PG_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A database of its own for one test file, dropped afterwards: runs never see each other's rows. */
export async function createScratchDatabase(url = TEST_PG_URL) {
  const name = `meridian_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type DbKind = 'pglite' | 'postgres';

const pgReachable = await isPostgresReachable();
if (!pgReachable)
  console.log(`skipped: no PostgreSQL at ${TEST_PG_URL} (the PostgreSQL runs of the API tests)`);

/** The database kinds to run each API suite on: PGlite always, PostgreSQL when reachable. */
export const DB_KINDS: DbKind[] = pgReachable ? ['pglite', 'postgres'] : ['pglite'];
