import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { EngineLockHeldError, LOCK_APPLICATION, lockEngine } from '../src/db/engine-lock.ts';
import { fencedWriter, JOURNAL_APPLICATION } from '../src/db/fenced-writer.ts';
import { createScratchDatabase, DB_KINDS } from './support/databases.ts';

/** One trading engine per PostgreSQL database, and a new one fences what a previous one left. */
describe.skipIf(!DB_KINDS.includes('postgres'))(
  'engine lock and leftover journal connections (PostgreSQL)',
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let admin: pg.Client;
    const backendsOf = async (application: string) =>
      (
        await admin.query(
          'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
          [application],
        )
      ).rows.map((r) => r.pid as number);
    const endBackendsOf = (application: string) =>
      admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [application],
      );
    const until = async (check: () => Promise<boolean> | boolean, ms = 5_000) => {
      const end = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > end) throw new Error('timed out');
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    beforeAll(async () => {
      scratch = await createScratchDatabase();
      admin = new pg.Client({ connectionString: scratch.url });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      await scratch?.drop();
    });

    it('lets a second server wait for the lock and refuses it while the first runs', async () => {
      const lost: Error[] = [];
      const first = await lockEngine(scratch.url, { onLost: (e) => lost.push(e) });
      await expect(lockEngine(scratch.url, { waitMs: 300, pollMs: 50, onLost: () => {} })).rejects.toThrow(
        EngineLockHeldError,
      );
      // A restart: the second waits while the first goes away, then takes it.
      const second = lockEngine(scratch.url, { waitMs: 5_000, pollMs: 50, onLost: () => {} });
      await new Promise((r) => setTimeout(r, 200));
      await first.release();
      await (await second).release();
      expect(lost).toEqual([]);
    });

    it('gives the lock up at once when its connection ends, and never after a release', async () => {
      const lost: Error[] = [];
      const lock = await lockEngine(scratch.url, { onLost: (e) => lost.push(e) });
      await endBackendsOf(LOCK_APPLICATION);
      await until(() => lost.length === 1);
      await lock.release();
      // A released lock says nothing more, whatever happens to its connection.
      const quiet: Error[] = [];
      const again = await lockEngine(scratch.url, { heartbeatMs: 50, onLost: (e) => quiet.push(e) });
      await again.release();
      await new Promise((r) => setTimeout(r, 300));
      expect(quiet).toEqual([]);
    });

    it('gives the lock up when its connection stops answering (a partition), before PostgreSQL would free it', async () => {
      // A TCP relay that can go silent both ways, as a broken network does.
      const target = new URL(scratch.url);
      let silent = false;
      const relay = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        client.on('data', (d) => {
          if (!silent) upstream.write(d);
        });
        upstream.on('data', (d) => {
          if (!silent) client.write(d);
        });
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
      });
      await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
      const via = new URL(scratch.url);
      via.hostname = '127.0.0.1';
      via.port = String((relay.address() as { port: number }).port);
      const lost: Error[] = [];
      const lock = await lockEngine(via.toString(), { heartbeatMs: 200, onLost: (e) => lost.push(e) });
      const silentAt = Date.now();
      silent = true;
      await until(() => lost.length === 1);
      expect(Date.now() - silentAt).toBeLessThan(2_000);
      expect(lost[0]!.message).toMatch(/stopped answering/);
      await lock.release();
      relay.close();
      await endBackendsOf(LOCK_APPLICATION); // the silent connection's backend, for the next test
    });

    it('keeps the lock while this thread is busy longer than a heartbeat (the answer waits in the socket)', async () => {
      const lost: Error[] = [];
      const lock = await lockEngine(scratch.url, { heartbeatMs: 100, onLost: (e) => lost.push(e) });
      // Due with each heartbeat, so it runs right after the heartbeat's query went out, before its
      // answer is read: the thread stays busy past the heartbeat's deadline.
      const busy = setInterval(
        () =>
          setImmediate(() => {
            const end = Date.now() + 300;
            while (Date.now() < end) {}
          }),
        100,
      );
      await new Promise((r) => setTimeout(r, 1_500));
      clearInterval(busy);
      await new Promise((r) => setTimeout(r, 300));
      expect(lost).toEqual([]);
      await lock.release();
    });

    it('keeps the lock through one synchronous stretch far longer than its silence limit', async () => {
      const lost: Error[] = [];
      const lock = await lockEngine(scratch.url, { heartbeatMs: 100, onLost: (e) => lost.push(e) });
      await new Promise((r) => setTimeout(r, 150));
      const end = Date.now() + 1_000; // a rebuild of a large book: no heartbeat goes out meanwhile
      while (Date.now() < end) {}
      await new Promise((r) => setTimeout(r, 500));
      expect(lost).toEqual([]);
      await lock.release();
    });

    it.skipIf(!existsSync('/var/run/postgresql/.s.PGSQL.5432'))(
      'takes the URL forms pg takes (a socket directory as host)',
      async () => {
        const u = new URL(scratch.url);
        const socketUrl = `postgres://${u.username}@/${u.pathname.slice(1)}?host=/var/run/postgresql`;
        const lock = await lockEngine(socketUrl, { onLost: () => {} });
        expect(await backendsOf(LOCK_APPLICATION)).toHaveLength(1);
        await lock.release();
      },
    );

    it('names its connections whatever application name the URL gives', async () => {
      const url = new URL(scratch.url);
      url.searchParams.set('application_name', 'meridian-prod');
      const lock = await lockEngine(url.toString(), { onLost: () => {} });
      expect(await backendsOf(LOCK_APPLICATION)).toHaveLength(1);
      const database = await openDatabase({ url: url.toString(), dataDir: 'memory://' });
      const writer = fencedWriter(database);
      await writer.run((db) => db.execute('select 1' as never));
      expect(await backendsOf(JOURNAL_APPLICATION)).toHaveLength(1);
      await writer.close();
      await database.close();
      await lock.release();
    });

    it('ends the journal connections a previous server left before the new one reads the database', async () => {
      const left = new pg.Client({ connectionString: scratch.url, application_name: JOURNAL_APPLICATION });
      left.on('error', () => {});
      await left.connect();
      const leftPid = (await left.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      expect(await backendsOf(JOURNAL_APPLICATION)).toEqual([leftPid]);
      const database = await openDatabase({ url: scratch.url, dataDir: 'memory://' });
      const writer = fencedWriter(database);
      try {
        await writer.fenceLeftovers();
        expect(await backendsOf(JOURNAL_APPLICATION)).not.toContain(leftPid);
        // Its own connections carry the name, so the next server can find them.
        await writer.run((db) => db.execute('select 1' as never));
        expect((await backendsOf(JOURNAL_APPLICATION)).length).toBeGreaterThan(0);
      } finally {
        await writer.close();
        await database.close();
      }
    });
  },
);
