import { createServer, type Server, Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { type FencedWriter, fencedWriter } from '../src/db/fenced-writer.ts';
import { users } from '../src/db/schema.ts';
import { TradingEngine } from '../src/engine/trading-engine.ts';
import type { InstrumentRecord } from '../src/market/market-runtime.ts';
import type { Quote } from '../src/market/types.ts';
import { findMismatchedAccounts } from '../src/modules/ledger/ledger.repository.ts';
import { seedIfEmpty } from '../src/seed.ts';
import { createScratchDatabase, DB_KINDS } from './support/databases.ts';
import {
  btcQuote,
  fundedUser,
  loadBtc,
  marketBuy,
  oneInstrumentMarket,
  quietEngineDeps,
} from './support/engine-fixture.ts';

/**
 * A TCP proxy in front of PostgreSQL that can lose a statement the way a network does: the
 * connection breaks on the client's side while the statement is still on its way, and the server
 * receives it later — after the client gave up on it. Only PostgreSQL has connections to lose.
 */
function statementLosingProxy(target: URL) {
  let armed: string | null = null;
  let held: { bytes: Buffer; upstream: Socket } | null = null;
  let onHeld: (() => void) | null = null;
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port || 5432), target.hostname);
    let cut = false;
    upstream.on('data', (d) => {
      if (!cut) client.write(d);
    });
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => {
      if (!cut) client.destroy();
    });
    client.on('error', () => {});
    client.on('close', () => {
      if (!cut) upstream.destroy();
    });
    client.on('data', (d) => {
      if (cut) return;
      if (armed !== null && d.includes(armed)) {
        // The statement stays in the network; the client's side of the connection breaks now.
        armed = null;
        cut = true;
        held = { bytes: d, upstream };
        client.destroy();
        onHeld?.();
        return;
      }
      upstream.write(d);
    });
  });
  return {
    server,
    /** The next client chunk holding `marker` is held back and its client connection cut. */
    arm(marker: string) {
      armed = marker;
      return new Promise<void>((resolve) => {
        onHeld = resolve;
      });
    },
    /** Delivers the held statement to the server now; resolves when the server answered or hung up. */
    deliver() {
      const h = held!;
      held = null;
      return new Promise<'answered' | 'gone'>((resolve) => {
        if (h.upstream.destroyed || !h.upstream.writable) return resolve('gone');
        h.upstream.once('data', () => resolve('answered'));
        h.upstream.once('close', () => resolve('gone'));
        h.upstream.write(h.bytes, (err) => {
          if (err) resolve('gone');
        });
      });
    },
  };
}

describe.skipIf(!DB_KINDS.includes('postgres'))(
  'trading journal on PostgreSQL: a lost connection is fenced',
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let proxy: ReturnType<typeof statementLosingProxy>;
    let database: Database;
    let btc: InstrumentRecord;
    const now = Date.UTC(2026, 10, 25, 12);
    let quote: Quote;

    beforeAll(async () => {
      scratch = await createScratchDatabase();
      const target = new URL(scratch.url);
      proxy = statementLosingProxy(target);
      await new Promise<void>((r) => proxy.server.listen(0, '127.0.0.1', r));
      const proxied = new URL(scratch.url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String((proxy.server.address() as { port: number }).port);
      database = await openDatabase({ url: proxied.toString(), dataDir: 'memory://' });
      await seedIfEmpty(database.db, '100000.00');
      btc = await loadBtc(database.db);
      quote = btcQuote(btc.id, now);
    });
    afterAll(async () => {
      await database?.close();
      proxy?.server.close();
      await scratch?.drop();
    });

    function newEngine(writer: FencedWriter) {
      return new TradingEngine({
        db: database.db,
        writer,
        now: () => now,
        market: oneInstrumentMarket(
          () => btc,
          () => quote,
        ),
        ...quietEngineDeps,
      });
    }

    const order = () => marketBuy(btc.id);

    /**
     * Places one order, loses the journal's next statement on its way, delivers it after the engine
     * answered, and checks that what the trader was told, the database and memory agree.
     * `beforeLoss` runs once the first order is written (its connection back in the pool).
     */
    async function loseAStatement(beforeLoss: () => Promise<void> = async () => {}) {
      const writer = fencedWriter(database);
      const engine = newEngine(writer);
      await engine.rebuild();
      const userId = await fundedUser(database.db, 'F');
      await engine.figures(userId);
      const kept = await engine.submit(userId, order());
      await beforeLoss();

      // The journal's next write is lost on its way: the engine hears the connection break.
      const heldBack = proxy.arm('written_orders');
      const lost = engine.submit(userId, order()).then(
        () => 'acknowledged' as const,
        () => 'failed' as const,
      );
      await heldBack;
      const answer = await lost;
      // Then the statement arrives at the server after all (a slow network path, a retransmission):
      // the backend it was sent to was ended before the engine asked what the database holds.
      expect(answer).toBe('failed');
      expect(await proxy.deliver()).toBe('gone');
      await engine.settled();

      // Whatever the trader was told is what the database holds, and the engine agrees with both.
      const stored = (
        (await database.db.execute(
          sql`select id from orders where user_id = ${userId} order by id`,
        )) as unknown as { rows: Array<{ id: number | string }> }
      ).rows.map((r) => Number(r.id));
      expect(stored).toEqual([kept.id]);
      expect(engine.liveOrdersOf(userId).map((o) => o.id)).toEqual(stored);
      const row = (await database.db.select().from(users).where(eq(users.id, userId)))[0]!;
      const figures = await engine.figures(userId);
      expect(figures.balance.toFixed(6)).toBe(row.balance);
      expect(figures.margin.toFixed(6)).toBe(row.margin);
      expect(await findMismatchedAccounts(database.db)).toEqual([]);

      // And trading carries on.
      const next = await engine.submit(userId, order());
      expect(engine.liveOrdersOf(userId).map((o) => o.id)).toEqual([...stored, next.id]);
      await engine.idle();
      await writer.close();
    }

    it('a statement that reaches the server after its connection broke never commits behind the answer', () =>
      loseAStatement());

    it('knows the lost backend whatever time zone the fencing connection shows times in', async () => {
      // The writer's connection started under UTC; connections opened from now on show times in
      // Tokyo time. Only the writer's connection is left in the pool, so the fence asks on a new one.
      const admin = new pg.Client({ connectionString: scratch.url });
      await admin.connect();
      try {
        await loseAStatement(async () => {
          await admin.query(
            `alter database ${new URL(scratch.url).pathname.slice(1)} set timezone = 'Asia/Tokyo'`,
          );
          await admin.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and query not like '%written_orders%'`,
          );
          // The pool drops the ended connections as it hears of them.
          await new Promise((r) => setTimeout(r, 200));
        });
      } finally {
        await admin.query(`alter database ${new URL(scratch.url).pathname.slice(1)} reset timezone`);
        await admin.end();
      }
    });
  },
);
