import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import { CONNECT_TIMEOUT_MS } from './client.ts';

/**
 * One trading engine per PostgreSQL database (the embedded database has its data-directory lock).
 * Two servers on one database would each keep the accounts' figures in memory and decide orders
 * against them: a trader routed to both could spend the same margin twice. The server holds a
 * session advisory lock on a connection of its own for as long as it runs.
 *
 * Fail-stop: if that connection breaks or stops answering, the server cannot know whether another
 * one has taken the lock since, so it stops (a supervisor starts it again, and the new process
 * waits for the lock and rebuilds from the database). It notices silence within ~20 s (15 s of it
 * and one heartbeat), before PostgreSQL frees the lock of a silent connection (~25 s: keepalives
 * and a user timeout set on it); a stall shorter than 15 s (a slow database host) is survived.
 *
 * Not seen here: something between the two (a proxy, a NAT) that closes PostgreSQL's side at once
 * while this side hears nothing, or a failover to a standby within those seconds — the lock is
 * then free before this server knows. The fencing token covers it: every journal batch checks this
 * server's epoch (`bumpEngineEpoch`, migration 0011), so a superseded engine commits nothing.
 */
const ENGINE_LOCK_KEY = 0x4d45_5249; // "MERI"
export const LOCK_APPLICATION = 'meridian-engine-lock';
const KEEPALIVE = [
  'tcp_keepalives_idle = 10',
  'tcp_keepalives_interval = 5',
  'tcp_keepalives_count = 3',
  // Keepalives do not probe while sent data waits for acknowledgement (a heartbeat's answer caught
  // by a partition): without this the backend, and the lock, would live on for ~15 minutes.
  'tcp_user_timeout = 25000',
];

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
  /** How often the lock's connection is asked to answer (5 s). */
  heartbeatMs?: number;
  /** How long it may stay silent before the lock counts as lost (3 heartbeats: 15 s). */
  silenceMs?: number;
  /** Told once while waiting for another holder. */
  onWaiting?: (holder: string) => void;
  /** The lock can no longer be vouched for: this server must stop deciding orders at once. */
  onLost: (err: Error) => void;
}

/**
 * Connection settings naming their connections `application`, whatever the URL says (pg lets a URL
 * parameter override the option, and a URL naming them otherwise would hide them from the fence).
 * Parsed as pg parses it (socket paths, `host=` parameters), never echoing the URL in an error.
 */
export function namedConnection(url: string, application: string): pg.ClientConfig {
  return {
    ...parseIntoClientConfig(url),
    application_name: application,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  };
}

async function holderOf(client: pg.Client): Promise<string> {
  const r = await client.query<{ pid: number; client_addr: string | null }>(
    `select a.pid, a.client_addr::text as client_addr
       from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.objid = $1 and a.datname = current_database()`,
    [ENGINE_LOCK_KEY],
  );
  const h = r.rows[0];
  return h ? `backend ${h.pid}${h.client_addr ? ` from ${h.client_addr}` : ''}` : 'a backend that just ended';
}

async function tryLock(url: string): Promise<{ client: pg.Client } | { held: string }> {
  const client = new pg.Client({
    ...namedConnection(url, LOCK_APPLICATION),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  client.on('error', () => {}); // a break is reported through 'end' once the lock is held
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
  const heartbeatMs = opts.heartbeatMs ?? 5_000;
  const silenceMs = opts.silenceMs ?? 3 * heartbeatMs;
  const deadline = Date.now() + waitMs;
  let client: pg.Client;
  let told = false;
  for (;;) {
    const r = await tryLock(url);
    if ('client' in r) {
      client = r.client;
      break;
    }
    if (Date.now() >= deadline) throw new EngineLockHeldError(r.held);
    if (!told) opts.onWaiting?.(r.held);
    told = true;
    await new Promise((res) => setTimeout(res, pollMs));
  }

  let released = false;
  let lost = false;
  const lose = (err: Error) => {
    if (released || lost) return;
    lost = true;
    clearInterval(heartbeat);
    opts.onLost(err);
    void client.end().catch(() => {});
  };
  client.once('end', () => lose(new Error('the engine lock connection ended')));
  // A connection a partition left half-open looks alive to this side for hours: it is asked to
  // answer every `heartbeatMs`, and a question unanswered for `silenceMs` loses the lock. (Measured
  // from the question, not the last answer: a thread busy for longer asks afresh when it wakes.)
  let askedAtMs: number | null = null;
  const silent = () => askedAtMs !== null && Date.now() - askedAtMs > silenceMs;
  const heartbeat = setInterval(() => {
    if (askedAtMs === null) {
      askedAtMs = Date.now();
      client.query('select 1').then(
        () => {
          askedAtMs = null;
        },
        (err: Error) => lose(err),
      );
    }
    // Judged after the poll phase: an answer that arrived while this thread was busy (a long
    // rebuild, a GC pause) is read first, so only real silence counts.
    if (silent())
      setImmediate(() => {
        if (silent()) lose(new Error('the engine lock connection stopped answering'));
      });
  }, heartbeatMs);
  heartbeat.unref();
  return {
    async release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      await client.end().catch(() => {});
    },
  };
}
