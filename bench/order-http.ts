// Order call over HTTP (issue 4): `GET /v1/api/forex/submit` market orders from many demo accounts
// (a token per request, cycled), driven by autocannon from a child process, against a Fastify
// hello-world route served by this same process in the same run (goal ≥ 0.5× its req/s), on PGlite
// (on disk in a temporary directory, fsync on, as `npm start` runs it) and on PostgreSQL (a scratch database, dropped afterwards). On PostgreSQL also:
// durable order events/s (orders committed during the run, counted in the database) against
// PostgreSQL's own single-row commit rate (one INSERT per transaction in a loop, one connection),
// measured in the same run (goal ≥ 1×).
//
// The server is the real one (createServer: real market ticking on its own timer, engine, account
// monitor), its clock shifted to Wednesday 18 Nov 2026 12:00 UTC so markets are open.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { createServer } from '../apps/server/src/server.ts';
import {
  finish,
  forkTs,
  type Goal,
  nextMessage,
  reportErrorsAs,
  round1,
  round3,
  sleep,
  startCpuProfile,
  stopChild,
} from './lib/common.ts';

const started = Date.now();
reportErrorsAs('order-http', started);

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// Many clients at once, as a broker's server sees them; the engine's group commit puts the orders
// that arrive together into one database commit.
const CONNECTIONS = Number(process.env.ORDER_HTTP_CONNECTIONS ?? 64);
const DURATION_S = Number(process.env.ORDER_HTTP_SECONDS ?? 8);
const ACCOUNTS = Number(process.env.ORDER_HTTP_ACCOUNTS ?? 500);
const COMMIT_LOOP_S = 4;
/** Instruments open on a Wednesday noon whatever the session rules: forex, metals, crypto. */
const CODES = ['EURUSD', 'GBPUSD', 'USDJPY', 'AUDUSD', 'XAUUSD', 'BTCUSD', 'ETHUSD', 'SOLUSD'];

interface LoadResult {
  requestsPerSecond: number;
  total: number;
  durationS: number;
  latency: { p50Ms: number; p90Ms: number; p99Ms: number; meanMs: number; maxMs: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  ok2xx: number;
  accepted: number;
  refused: number;
  refusals: Record<string, number>;
}

const loader = forkTs(`${import.meta.dirname}/lib/http-load.ts`);
await nextMessage(loader, 'ready');

async function load(
  url: string,
  paths: string[],
  tokens: string[],
  checkEnvelope: boolean,
  seconds = DURATION_S,
) {
  const done = nextMessage<LoadResult>(loader, 'result', (seconds + 60) * 1000);
  loader.send({
    type: 'run',
    url,
    paths,
    tokens,
    connections: CONNECTIONS,
    duration: seconds,
    checkEnvelope,
  });
  const r = await done;
  return { ...r, requestsPerSecond: Math.round(r.total / r.durationS) };
}

async function pgReachable() {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

async function scratchDatabase() {
  const name = `meridian_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** PostgreSQL's own single-row commit rate: INSERT one row per transaction (autocommit) in a loop. */
async function commitRate(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const settings: Record<string, string> = {};
    for (const s of ['fsync', 'synchronous_commit', 'wal_sync_method', 'commit_delay']) {
      settings[s] = (await c.query(`show ${s}`)).rows[0][s];
    }
    await c.query(
      'create table bench_commit (id bigserial primary key, v int not null, at timestamptz not null default now())',
    );
    for (let i = 0; i < 200; i++) await c.query('insert into bench_commit (v) values ($1)', [i]);
    let n = 0;
    const t0 = performance.now();
    const end = Date.now() + COMMIT_LOOP_S * 1000;
    while (Date.now() < end) {
      await c.query('insert into bench_commit (v) values ($1)', [n]);
      n++;
    }
    const s = (performance.now() - t0) / 1000;
    await c.query('drop table bench_commit');
    return { commitsPerSecond: Math.round(n / s), commits: n, seconds: round3(s), settings };
  } finally {
    await c.end();
  }
}

/**
 * ORDER_HTTP_PROFILE=<prefix>: a CPU profile of this process (the server) during each order run,
 * written to <prefix>-<pglite|postgres>.cpuprofile, for finding where an order's server time goes.
 */
async function profileWhile<T>(kind: string, run: () => Promise<T>): Promise<T> {
  const prefix = process.env.ORDER_HTTP_PROFILE;
  const profile = await startCpuProfile(prefix && `${prefix}-${kind}.cpuprofile`);
  try {
    return await run();
  } finally {
    await profile?.stop();
  }
}

const countOrders = async (db: Db, query: SQL) =>
  Number(((await db.execute(query)) as unknown as { rows: Array<{ n: string | number }> }).rows[0]!.n);

async function runOn(kind: 'pglite' | 'postgres') {
  const setupT0 = Date.now();
  const scratch = kind === 'postgres' ? await scratchDatabase() : null;
  // PGlite as `npm start` runs it: a data directory on disk, every commit flushed.
  const dataDir = kind === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-pglite-')) : null;
  try {
    const config = loadConfig({
      DATA_DIR: dataDir ?? 'memory://',
      MARKET_HISTORY_DAYS: '1',
      LOG_LEVEL: 'silent',
      PORT: '0',
      CLOCK_START: '2026-11-18T12:00:00Z',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    });
    const server = await createServer({ config, logger: false });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.app.server.address() as { port: number }).port;
    const hello = Fastify({ logger: false });
    hello.get('/hello', async () => ({ hello: 'world' }));
    await hello.listen({ port: 0, host: '127.0.0.1' });
    const helloPort = (hello.server.address() as { port: number }).port;
    try {
      // Demo accounts through the real call (device id → account + session token).
      const tokens: string[] = [];
      const tag = randomBytes(3).toString('hex');
      for (let i = 0; i < ACCOUNTS; i++) {
        const r = await server.app.inject({
          method: 'GET',
          url: `/api/user/createAccountDemoForU?demo_id=bench-${tag}-${i.toString().padStart(6, '0')}`,
          // Many clients, many addresses (new demo accounts are limited per address).
          remoteAddress: `10.0.${i >> 8}.${i & 255}`,
        });
        const body = r.json() as { code: number; msg: string; data: { token: string } | null };
        if (body.code !== 1 || !body.data) throw new Error(`demo login failed: ${body.msg}`);
        tokens.push(body.data.token);
      }
      const paths: string[] = [];
      const used: string[] = [];
      for (const code of CODES) {
        const inst = server.market.instruments().find((r) => r.code === code);
        if (!inst || server.market.status(inst.id) !== 1) continue;
        used.push(code);
        const lev = inst.leverageOptions[inst.leverageOptions.length - 1]!;
        for (const type of [1, 2])
          paths.push(
            `/v1/api/forex/submit?type=${type}&cont=${inst.minLots}&forex_id=${inst.id}&status=1&target_price=0&stop_loss_price=0&target_profit_price=0&multiple=${lev}`,
          );
      }
      if (paths.length === 0) throw new Error('no instrument open at the server clock');
      // One order through inject first: a refusal here is a setup problem, not a benchmark figure.
      // The market needs a moment after start for fresh quotes: retry the probe for up to 15 s.
      let probe = { code: 0, msg: '' };
      for (let i = 0; i < 60 && probe.code !== 1; i++) {
        if (i > 0) await sleep(250);
        probe = (
          await server.app.inject({
            method: 'GET',
            url: paths[i % paths.length]!,
            headers: { authorization: tokens[0]!, lang: 'en' },
          })
        ).json() as { code: number; msg: string };
      }
      if (probe.code !== 1) throw new Error(`a probe order was refused: ${probe.msg}`);
      const setupS = (Date.now() - setupT0) / 1000;
      console.log(
        `order-http ${kind}: server up, ${tokens.length} accounts, ${used.join(' ')} (${round1(setupS)} s)`,
      );

      // Warm-up both (JIT, pools), then measure hello-world and the order call back to back.
      await load(`http://127.0.0.1:${helloPort}`, ['/hello'], [], false, 1);
      await load(`http://127.0.0.1:${port}`, paths, tokens, true, 1);
      await server.engine.idle();
      const helloRun = await load(`http://127.0.0.1:${helloPort}`, ['/hello'], [], false);
      console.log(`order-http ${kind}: hello-world ${helloRun.requestsPerSecond} req/s`);
      // PostgreSQL's own commit rate right before and right after the order run: the disk's fsync
      // latency drifts on this machine (923 to 2 647 commits/s between two runs of one session), so
      // one sample taken minutes away from the run it is compared with decides nothing.
      const commitsBefore = scratch ? await commitRate(scratch.url) : null;
      const before = await countOrders(server.database.db, sql`select count(*) as n from orders`);
      const beforeLedger = await countOrders(
        server.database.db,
        sql`select count(*) as n from ledger_entries`,
      );
      const orderRun = await profileWhile(kind, () => load(`http://127.0.0.1:${port}`, paths, tokens, true));
      await server.engine.idle();
      const after = await countOrders(server.database.db, sql`select count(*) as n from orders`);
      const afterLedger = await countOrders(
        server.database.db,
        sql`select count(*) as n from ledger_entries`,
      );
      const committed = after - before;
      console.log(
        `order-http ${kind}: orders ${orderRun.requestsPerSecond} req/s (${orderRun.accepted} accepted, ${orderRun.refused} refused), ${committed} committed`,
      );
      const mismatched = await countOrders(
        server.database.db,
        sql`select count(*) as n from (select u.id from users u left join ledger_entries l on l.user_id = u.id
            group by u.id, u.balance, u.lock_balance, u.margin
            having u.balance + u.lock_balance + u.margin <> coalesce(sum(l.balance_delta + l.lock_delta + l.margin_delta), 0)) x`,
      );
      const commitsAfter = scratch ? await commitRate(scratch.url) : null;
      const commits =
        commitsBefore && commitsAfter
          ? {
              ...commitsAfter,
              commitsPerSecond: Math.round(
                (commitsBefore.commitsPerSecond + commitsAfter.commitsPerSecond) / 2,
              ),
              beforeRun: commitsBefore.commitsPerSecond,
              afterRun: commitsAfter.commitsPerSecond,
            }
          : null;
      await hello.close();
      await server.close();
      return {
        kind,
        accounts: tokens.length,
        instruments: used,
        setupSeconds: round1(setupS),
        hello: helloRun,
        order: orderRun,
        ordersCommitted: committed,
        ledgerEntriesWritten: afterLedger - beforeLedger,
        durableOrdersPerSecond: Math.round(committed / orderRun.durationS),
        accountsNotReconciling: mismatched,
        commitRate: commits,
      };
    } catch (err) {
      await hello.close().catch(() => {});
      await server.close().catch(() => {});
      throw err;
    }
  } finally {
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs = [await runOn('pglite')];
const pgUp = await pgReachable();
if (pgUp) runs.push(await runOn('postgres'));
await stopChild(loader);

const goals: Goal[] = [];
const summary: string[] = [];
const notes: string[] = [];
for (const r of runs) {
  const ratio = round3(r.order.requestsPerSecond / r.hello.requestsPerSecond);
  goals.push({
    id: `order-vs-hello-${r.kind}`,
    description: `${r.kind}: order call req/s vs Fastify hello-world, same process and run`,
    target: '≥ 0.5× hello-world',
    actual: `${r.order.requestsPerSecond} vs ${r.hello.requestsPerSecond} req/s = ${ratio}×${ratio < 0.5 ? ` (${round1(0.5 / ratio)}× short)` : ''}`,
    pass: ratio >= 0.5 && r.order.refused === 0 && r.order.errors === 0,
  });
  summary.push(
    `${r.kind}: hello-world ${r.hello.requestsPerSecond} req/s (p99 ${r.hello.latency.p99Ms} ms); order ${r.order.requestsPerSecond} req/s (p50 ${r.order.latency.p50Ms} / p99 ${r.order.latency.p99Ms} ms), ${r.order.accepted} accepted, ${r.order.refused} refused, ${r.order.errors} errors; ${r.ordersCommitted} orders committed (${r.durableOrdersPerSecond}/s, ${r.ledgerEntriesWritten} ledger entries); ${r.accounts} accounts, ${CONNECTIONS} connections, ${DURATION_S} s`,
  );
  if (r.order.refused) notes.push(`${r.kind}: refusals: ${JSON.stringify(r.order.refusals)}`);
  if (r.accountsNotReconciling)
    notes.push(`${r.kind}: ${r.accountsNotReconciling} accounts whose ledger does not sum to their balance`);
  if (r.commitRate) {
    const cr = r.commitRate;
    const ratioC = round3(r.durableOrdersPerSecond / cr.commitsPerSecond);
    goals.push({
      id: 'durable-orders-vs-commits',
      description:
        'postgres: durable order events/s (orders committed during the order run) vs single-row commits/s, one connection',
      target: '≥ 1× commit rate',
      actual: `${r.durableOrdersPerSecond} vs ${cr.commitsPerSecond}/s (mean of ${cr.beforeRun} before and ${cr.afterRun} after the order run) = ${ratioC}×${ratioC < 1 ? ` (${round1(1 / ratioC)}× short)` : ''}`,
      pass: ratioC >= 1,
    });
    summary.push(
      `postgres: single-row commit loop ${cr.beforeRun} commits/s before the order run, ${cr.afterRun} after (${cr.commits} in ${cr.seconds} s; ${Object.entries(
        cr.settings,
      )
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')})`,
    );
  }
}
if (!pgUp) {
  goals.push({
    id: 'postgres-reachable',
    description: `PostgreSQL at ${PG_URL} for the PostgreSQL runs`,
    target: 'reachable',
    actual: 'not reachable',
    pass: false,
  });
}
notes.push(
  'one order = one HTTP call; the engine decides in memory and answers once the journal batch holding the order (row + 2 ledger entries) is committed: orders arriving together share one commit',
);
notes.push(
  'orders committed can exceed orders accepted by up to the connection count: requests in flight when autocannon stops are committed but not counted by it',
);
notes.push(
  'the hello-world route is served by the same process while the live market ticks (and writes candles) and the account monitor runs, so both share that background',
);
notes.push(
  `load generator: autocannon in a child process on the same ${CONNECTIONS}-connection settings for both routes`,
);
finish(
  {
    name: 'order-http',
    summary,
    figures: { runs, connections: CONNECTIONS, durationS: DURATION_S },
    goals,
    notes,
  },
  started,
);
