import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from './client.ts';

const rows = async (db: Database['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

describe('embedded database on disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'meridian-durable-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('flushes every commit to disk before it returns (fsync on, WAL synced with fsync)', async () => {
    const database = await openDatabase({ dataDir: dir });
    try {
      const settings = await rows(
        database.db,
        sql`select name, setting from pg_settings where name in ('fsync', 'wal_sync_method') order by name`,
      );
      expect(settings).toEqual([
        { name: 'fsync', setting: 'on' },
        { name: 'wal_sync_method', setting: 'fsync' },
      ]);

      await database.db.execute(sql`create table durability_probe (v int)`);
      const fsync = vi.spyOn(fs, 'fsyncSync');
      try {
        await database.db.execute(sql`select count(*) from durability_probe`);
        expect(fsync).not.toHaveBeenCalled(); // a read writes nothing
        await database.db.execute(sql`insert into durability_probe values (1)`);
        // The commit's WAL record reached the disk through the host file descriptor.
        expect(fsync).toHaveBeenCalled();
        expect(fsync.mock.calls.every(([fd]) => typeof fd === 'number' && fd > 0)).toBe(true);
      } finally {
        fsync.mockRestore();
      }
    } finally {
      await database.close();
    }

    const reopened = await openDatabase({ dataDir: dir });
    try {
      expect(await rows(reopened.db, sql`select v from durability_probe`)).toEqual([{ v: 1 }]);
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it('stops the process when a flush fails, before the commit can be acknowledged', async () => {
    const failDir = mkdtempSync(path.join(tmpdir(), 'meridian-durable-fail-'));
    const database = await openDatabase({ dataDir: failDir });
    let settled = false;
    let settledAtStop: boolean | null = null;
    // The real exit ends the process there and then; the spy records whether the statement had
    // already answered (it must not have) and refuses to stop the test runner.
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
      settledAtStop = settled;
      throw new Error('process.exit');
    });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const fsync = vi.spyOn(fs, 'fsyncSync').mockImplementation(() => {
      throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
    });
    try {
      await database.db.execute(sql`create table never_acknowledged (v int)`).then(
        () => {
          settled = true;
        },
        () => {
          settled = true;
        },
      );
      expect(exit).toHaveBeenCalledWith(70);
      expect(settledAtStop).toBe(false);
      expect(stderr.mock.calls.map(([text]) => String(text)).join('')).toMatch(
        /fatal: the database could not flush a file to disk \(EIO: i\/o error, fsync\)/,
      );
    } finally {
      fsync.mockRestore();
      exit.mockRestore();
      stderr.mockRestore();
      // The database is in an unknown state after the stop was refused by the spy: just drop it.
      await database.close().catch(() => undefined);
      rmSync(failDir, { recursive: true, force: true });
    }
  }, 60_000);
});
