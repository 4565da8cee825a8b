import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db } from './client.ts';
import { namedConnection } from './engine-lock.ts';
import * as schema from './schema.ts';

/**
 * Whether a failed statement's outcome is known to be "nothing written": the database answered with
 * an error of the statement (a SQLSTATE such as 23505 unique violation: the transaction rolled back).
 * A broken connection (no SQLSTATE, or class 08 connection, 57 operator intervention, 58 system,
 * XX internal) may have lost the answer of a commit that landed, or be about to land.
 */
export function rolledBack(err: unknown): boolean {
  // SQLSTATEs have a digit among their first two characters; Node's EPIPE, EPERM… do not.
  for (const code of codesOf(err))
    if (/^(?=.?[0-9])[0-9A-Z]{5}$/.test(code)) return !/^(08|57|58|XX)/.test(code);
  return false;
}

/** Whether a statement failed because another trading engine took the database over (MR001). */
export function superseded(err: unknown): boolean {
  for (const code of codesOf(err)) if (code === 'MR001') return true;
  return false;
}

/** The `code` of an error and of its causes (drivers wrap the database's error). */
function* codesOf(err: unknown) {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') yield code;
  }
}

/**
 * One writer's statements, on connections whose loss can be fenced (the trading journal's).
 *
 * Why: when a PostgreSQL connection breaks while a statement is on its way, the server-side backend
 * may still be running it and commit *later* — after the writer asked whether it landed (answer:
 * no), after the engine rebuilt its memory from the database. The trader would be told the order
 * failed while it exists, and the engine's memory would miss money the database moved. `fence()`
 * ends the backends of lost connections (`pg_terminate_backend`: a statement not yet committed
 * rolls back; one inside its commit finishes it) and waits until they are gone, after which what
 * the database holds is final and may be asked about.
 */
export interface FencedWriter {
  /** Runs `fn` on a connection of this writer; a connection lost mid-way is kept for `fence()`. */
  run<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Resolves once no lost connection of this writer can still commit; throws if that is not yet sure. */
  fence(): Promise<void>;
  /**
   * At start, once this server holds the engine lock (`engine-lock.ts`): ends the journal
   * connections a previous server left (a statement of one stopped mid-way may still be on its
   * way), so the rebuild reads what is final.
   */
  fenceLeftovers(): Promise<void>;
  close(): Promise<void>;
}

/** Journal connections say what they are, so a later server can find those a previous one left. */
export const JOURNAL_APPLICATION = 'meridian-journal';

/** How long `fence()` waits for a terminated backend to exit before saying it cannot tell yet. */
const FENCE_WAIT_MS = 10_000;
const FENCE_POLL_MS = 25;

/** A backend's start, in microseconds since the epoch (as text: a bigint). */
const START_MICROS = '(extract(epoch from backend_start) * 1000000)::bigint::text';

/** A backend, named so that a later backend given the same process id is never taken for it. */
interface Backend {
  pid: number;
  start: string;
}

export function fencedWriter(database: Database): FencedWriter {
  // PGlite runs every statement in this process: a call that settled is over, nothing is in flight.
  if (!database.url) {
    const none = async () => {};
    return { run: (fn) => fn(database.db), fence: none, fenceLeftovers: none, close: none };
  }
  // A pool of its own: its connections carry the journal's name, and nothing else runs on them.
  const pool = new pg.Pool({ ...namedConnection(database.url, JOURNAL_APPLICATION), max: 2 });
  pool.on('error', () => {}); // an idle connection that dies is replaced; a busy one is handled in run()
  return new PgFencedWriter(pool);
}

class PgFencedWriter implements FencedWriter {
  private readonly lost: Backend[] = [];
  private readonly backends = new WeakMap<pg.PoolClient, { backend: Backend; db: Db }>();

  constructor(private readonly pool: pg.Pool) {}

  async run<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    // A write never starts while an earlier one may still land behind it.
    if (this.lost.length > 0) await this.fence();
    const client = await this.pool.connect();
    // A connection that breaks while checked out emits 'error' besides failing its query; unheard,
    // that event would end the process (the pool listens only to idle connections).
    const heard = () => {};
    client.on('error', heard);
    let known = this.backends.get(client);
    try {
      if (!known) {
        const r = await client.query<{ pid: number; start: string }>(
          `select pid, ${START_MICROS} as start from pg_stat_activity where pid = pg_backend_pid()`,
        );
        known = { backend: r.rows[0]!, db: drizzlePg(client, { schema }) as unknown as Db };
        this.backends.set(client, known);
      }
      const out = await fn(known.db);
      client.removeListener('error', heard);
      client.release();
      return out;
    } catch (err) {
      if (rolledBack(err)) {
        client.removeListener('error', heard);
        client.release();
      } else {
        if (known) this.lost.push(known.backend);
        // Destroys the connection rather than returning it to the pool.
        client.release(err instanceof Error ? err : new Error(String(err)));
      }
      throw err;
    }
  }

  /** One fence at a time: a second caller waits for the same one (and then for any newer loss). */
  private fencing: Promise<void> | null = null;

  async fence() {
    while (this.lost.length > 0) {
      this.fencing ??= this.fenceLost().finally(() => {
        this.fencing = null;
      });
      await this.fencing;
    }
  }

  async fenceLeftovers() {
    // On one connection: "every journal connection but this one" (called before any write).
    const client = await this.pool.connect();
    try {
      const others = `from pg_stat_activity where application_name = $1 and datname = current_database()
          and pid <> pg_backend_pid()`;
      await client.query(`select pg_terminate_backend(pid) ${others}`, [JOURNAL_APPLICATION]);
      const until = Date.now() + FENCE_WAIT_MS;
      while ((await client.query(`select 1 ${others}`, [JOURNAL_APPLICATION])).rowCount! > 0) {
        if (Date.now() > until) throw new Error('journal connections of a previous server have not ended');
        await new Promise((r) => setTimeout(r, FENCE_POLL_MS));
      }
    } finally {
      client.release();
    }
  }

  close() {
    return this.pool.end();
  }

  private async fenceLost() {
    while (this.lost.length > 0) {
      const backend = this.lost[0]!;
      if ((await this.state(backend)) === 'alive') {
        await this.pool.query(
          `select pg_terminate_backend($1) from pg_stat_activity where pid = $1 and ${START_MICROS} = $2`,
          [backend.pid, backend.start],
        );
        const until = Date.now() + FENCE_WAIT_MS;
        while ((await this.state(backend)) === 'alive') {
          if (Date.now() > until)
            throw new Error(`the backend ${backend.pid} of a lost journal connection has not ended`);
          await new Promise((r) => setTimeout(r, FENCE_POLL_MS));
        }
      }
      this.lost.shift();
    }
  }

  /**
   * Whether the backend still runs. Its start time, as an integer (a text form would depend on the
   * session's TimeZone and DateStyle), tells it from a later backend given the same pid; a listed
   * pid whose start this role may not see is not taken for gone.
   */
  private async state(backend: Backend): Promise<'alive' | 'gone'> {
    const r = await this.pool.query<{ start: string | null }>(
      `select ${START_MICROS} as start from pg_stat_activity where pid = $1`,
      [backend.pid],
    );
    const row = r.rows[0];
    if (!row) return 'gone';
    if (row.start === null)
      throw new Error(`cannot see whether the journal backend ${backend.pid} still runs`);
    return row.start === backend.start ? 'alive' : 'gone';
  }
}
