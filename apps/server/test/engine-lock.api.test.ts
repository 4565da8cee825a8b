import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { EngineLockHeldError, lockEngine } from '../src/db/engine-lock.ts';
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

    it('takes the lock again when its connection breaks, and stops when another server took it meanwhile', async () => {
      const events: string[] = [];
      const lock = await lockEngine(scratch.url, {
        waitMs: 300,
        pollMs: 50,
        onInterrupted: () => events.push('interrupted'),
        onLost: () => events.push('lost'),
      });
      await endBackendsOf('meridian-engine-lock');
      await until(
        async () => events.includes('interrupted') && (await backendsOf('meridian-engine-lock')).length === 1,
      );
      expect(events).toEqual(['interrupted']);

      // Now another server grabs it the moment this one's connection breaks.
      const rival = new pg.Client({ connectionString: scratch.url });
      await rival.connect();
      await endBackendsOf('meridian-engine-lock');
      await rival.query('select pg_advisory_lock($1)', [0x4d455249]);
      await until(() => events.includes('lost'));
      expect(events).toEqual(['interrupted', 'interrupted', 'lost']);
      await lock.release();
      await rival.end();
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
