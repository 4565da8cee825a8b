import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { syncNewDirectories } from '../lib/durable-fs.ts';
import { openDurablePglite } from './durable-pglite.ts';
import { openMemoryPglite } from './memory-template.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: repositories take this (or a transaction) as first argument. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's URL (a writer and the engine lock open connections of their own from it). */
  url?: string;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** How long a new PostgreSQL connection may take before the attempt fails. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Connections that die keep the process alive and the pool whole. pg emits a dying idle
 * connection's error on the pool, but a checked-out one's on the connection itself, where nobody
 * listened: the process ended with exit 1 (a `begin` on a connection the database had just ended,
 * in a burst of sign-ups). And drizzle's `transaction()` sends `begin` before its try/finally, so
 * such a connection was never given back: each blip cost the pool a slot. A checked-out connection
 * that errors is handed back now (the pool discards it) and its later release is a no-op.
 */
function guardConnections(pool: pg.Pool) {
  const lost = (err: Error) => console.error(`database connection lost: ${err.message}`);
  pool.on('error', lost);
  const out = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => out.add(client));
  pool.on('release', (_err, client) => out.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      const c = client as pg.PoolClient;
      if (!out.has(c)) return; // idle: the pool's own 'error' above reports it
      lost(err);
      const release = c.release;
      c.release = () => {};
      release(err);
    });
  });
}

/**
 * Opens the database and applies the committed migrations. PGlite on disk under `dataDir`
 * (or in memory when `dataDir` is 'memory://', for tests); PostgreSQL when `url` is given.
 */
export async function openDatabase(opts: { url?: string; dataDir: string }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      // A database (or pooler) that accepts connections and never answers: a refusal, not a hang.
      // pg-pool applies it to the wait for a free connection too: with all ten busy for 10 s a
      // call fails ('timeout exceeded when trying to connect') rather than queue without end.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    guardConnections(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', url: opts.url, close: () => pool.end() };
  }
  const inMemory = opts.dataDir === 'memory://';
  let client: PGlite;
  if (inMemory) {
    client = await openMemoryPglite(migrationsFolder, async (c) => {
      await migratePglite(drizzlePglite(c, { schema }) as never, { migrationsFolder });
    });
  } else {
    // Directories this start made are flushed into their parents; an existing one needs nothing.
    const created = mkdirSync(opts.dataDir, { recursive: true });
    if (created !== undefined) await syncNewDirectories(created, opts.dataDir);
    client = await openDurablePglite(path.join(opts.dataDir, 'pg'));
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
