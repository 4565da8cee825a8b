import pg from 'pg';

/**
 * One trading engine per PostgreSQL database (the embedded database has its data-directory lock).
 * Two servers on one database would each keep the accounts' figures in memory and decide orders
 * against them: a trader load-balanced between them could spend the same margin twice. The engine
 * holds a session advisory lock on a connection of its own for as long as it runs.
 */
const ENGINE_LOCK_KEY = 0x4d45_5249; // "MERI"
const LOCK_APPLICATION = 'meridian-engine-lock';
/** A partitioned lock connection's backend ends (and frees the lock) within ~25 s, not TCP's hours. */
const KEEPALIVE = ['tcp_keepalives_idle = 10', 'tcp_keepalives_interval = 5', 'tcp_keepalives_count = 3'];

export class EngineLockHeldError extends Error {
  constructor(holder: string) {
    super(
      `Another Meridian server holds this PostgreSQL database's trading engine (${holder}). ` +
        'Stop it first, or point DATABASE_URL at another database.',
    );
    this.name = 'EngineLockHeldError';
  }
}

export interface EngineLock {
  release(): Promise<void>;
}

interface LockOptions {
  /** How long to wait for a holder that is going away (a restart right after a stop). */
  waitMs?: number;
  pollMs?: number;
  /** The lock is gone for good (its connection broke and another server holds it now). */
  onLost: (err: Error) => void;
  /** Its connection broke; it is being taken again. */
  onInterrupted?: (err: Error) => void;
}

async function holderOf(client: pg.Client): Promise<string> {
  const r = await client.query<{ pid: number; application_name: string; client_addr: string | null }>(
    `select a.pid, a.application_name, a.client_addr::text as client_addr
       from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.objid = $1 and a.datname = current_database()`,
    [ENGINE_LOCK_KEY],
  );
  const h = r.rows[0];
  return h ? `backend ${h.pid}${h.client_addr ? ` from ${h.client_addr}` : ''}` : 'a backend that just ended';
}

/** A connection holding the lock, or null when another holds it. */
async function tryLock(url: string): Promise<{ client: pg.Client } | { held: string }> {
  const client = new pg.Client({
    connectionString: url,
    application_name: LOCK_APPLICATION,
    keepAlive: true,
  });
  client.on('error', () => {}); // reported through 'end' below once the lock is held
  await client.connect();
  try {
    for (const setting of KEEPALIVE) await client.query(`set ${setting}`);
    const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [ENGINE_LOCK_KEY]);
    if (r.rows[0]?.ok) return { client };
    const held = await holderOf(client);
    await client.end();
    return { held };
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
}

export async function lockEngine(url: string, opts: LockOptions): Promise<EngineLock> {
  const waitMs = opts.waitMs ?? 30_000;
  const pollMs = opts.pollMs ?? 500;
  let released = false;
  let current: pg.Client;

  const take = async (deadline: number): Promise<pg.Client> => {
    for (;;) {
      const r = await tryLock(url);
      if ('client' in r) return r.client;
      if (Date.now() >= deadline) throw new EngineLockHeldError(r.held);
      await new Promise((res) => setTimeout(res, pollMs));
    }
  };

  const watch = (client: pg.Client) => {
    client.once('end', () => {
      if (released) return;
      // The lock went with its connection (a database restart, a network break). Take it again;
      // if another server has it by then, this one must stop deciding orders.
      opts.onInterrupted?.(new Error('the engine lock connection ended'));
      void (async () => {
        for (let attempt = 0; !released; attempt++) {
          try {
            current = await take(Date.now() + waitMs);
            if (released) await current.end().catch(() => {});
            else watch(current);
            return;
          } catch (err) {
            if (err instanceof EngineLockHeldError) {
              opts.onLost(err);
              return;
            }
            // The database is unreachable: so it is for anyone else; keep trying.
            await new Promise((res) => setTimeout(res, Math.min(5_000, 200 * (attempt + 1))));
          }
        }
      })();
    });
  };

  current = await take(Date.now() + waitMs);
  watch(current);
  return {
    async release() {
      released = true;
      await current.end().catch(() => {});
    },
  };
}
