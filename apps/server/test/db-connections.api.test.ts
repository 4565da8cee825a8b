import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createScratchDatabase, DB_KINDS } from './support/databases.ts';

/**
 * The main pool when the database ends connections under it (a restart, an administrator, a
 * failover): the calls on them fail, the process lives on and the pool serves the next calls.
 */
describe.runIf(DB_KINDS.includes('postgres'))('PostgreSQL connections ended under the pool', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    database = await openDatabase({ url: scratch.url, dataDir: 'memory://' });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('fails the calls on a killed connection, and more kills than the pool has slots leave it serving', async () => {
    const { db } = database;
    // Each transaction's own backend is ended under it, as `pg_terminate_backend` from an
    // administrator would; 15 of them, more than the pool's 10 connections.
    for (let i = 0; i < 15; i++) {
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
        }),
      ).rejects.toThrow();
    }
    // Idle connections ended from outside too.
    await Promise.all(Array.from({ length: 10 }, () => db.execute(sql`select 1`)));
    await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await new Promise((r) => setTimeout(r, 100));
    const r = (await db.execute(sql`select 41 + 1 as n`)) as unknown as { rows: Array<{ n: number }> };
    expect(r.rows[0]!.n).toBe(42);
    // Ten at once: no slot was lost to a connection that was never given back.
    const many = await Promise.all(
      Array.from({ length: 10 }, () => db.transaction(async (tx) => tx.execute(sql`select pg_sleep(0.05)`))),
    );
    expect(many).toHaveLength(10);
  });
});
