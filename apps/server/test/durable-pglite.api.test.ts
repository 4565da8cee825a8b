import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { fsyncedDuring, handleSyncsDuring } from '../src/lib/sync-spies.test-support.ts';

const rows = async (db: Database['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

describe('embedded database on disk', () => {
  const dirs: string[] = [];
  const newDir = (tag: string) => {
    const d = mkdtempSync(path.join(tmpdir(), `meridian-durable-${tag}-`));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('flushes a new cluster whole: every file, every directory, and the data directory', async () => {
    const dataDir = path.join(newDir('new'), 'data'); // created by openDatabase
    let database: Database | undefined;
    const synced = await handleSyncsDuring(async () => {
      database = await openDatabase({ dataDir });
    });
    await database?.close();
    const pg = path.join(dataDir, 'pg');
    for (const p of ['PG_VERSION', 'global/pg_control', 'postgresql.conf'])
      expect(synced).toContain(path.join(pg, p));
    expect(synced).toContain(`${pg}/`);
    expect(synced).toContain(`${path.join(pg, 'base')}/`);
    expect(synced).toContain(`${dataDir}/`); // holds pg
    expect(synced).toContain(`${path.dirname(dataDir)}/`); // holds data, which openDatabase made

    // An existing cluster is not walked again: PostgreSQL's own fsyncs cover it from here.
    const again = await handleSyncsDuring(async () => {
      database = await openDatabase({ dataDir });
      await database.close();
    });
    expect(again.filter((p) => p.startsWith(pg))).toEqual([]);
  }, 60_000);

  it('flushes the WAL before a commit returns, and data files and directories at a checkpoint', async () => {
    const database = await openDatabase({ dataDir: newDir('wal') });
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

      const onRead = await fsyncedDuring(() =>
        database.db.execute(sql`select count(*) from durability_probe`),
      );
      expect(onRead).toEqual([]);
      const onCommit = await fsyncedDuring(() =>
        database.db.execute(sql`insert into durability_probe values (1)`),
      );
      expect(onCommit.length).toBeGreaterThan(0);
      expect(onCommit.every((p) => /\/pg\/pg_wal\/[0-9A-F]{24}$/.test(p))).toBe(true);

      const onCheckpoint = await fsyncedDuring(() => database.db.execute(sql`checkpoint`));
      expect(onCheckpoint.some((p) => /\/pg\/base\/\d+\/\d+$/.test(p))).toBe(true);
      expect(onCheckpoint.some((p) => p.endsWith('/'))).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('accepts a file system that cannot sync a directory, as PostgreSQL does', async () => {
    const database = await openDatabase({ dataDir: newDir('dir') });
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('process.exit');
    });
    try {
      await database.db.execute(sql`create table t (v int)`);
      const paths = await fsyncedDuring(
        () => database.db.execute(sql`checkpoint`),
        (fd) =>
          fs.fstatSync(fd).isDirectory() ? Object.assign(new Error('EINVAL'), { code: 'EINVAL' }) : null,
      );
      expect(paths.some((p) => p.endsWith('/'))).toBe(true); // directories were asked, and refused
      expect(exit).not.toHaveBeenCalled();
      await database.db.execute(sql`insert into t values (1)`);
      expect(await rows(database.db, sql`select v from t`)).toEqual([{ v: 1 }]);
    } finally {
      exit.mockRestore();
      await database.close();
    }
  }, 60_000);

  it('stops the process when a flush fails, before the commit can be acknowledged', async () => {
    const database = await openDatabase({ dataDir: newDir('fail') });
    let settled = false;
    let settledAtStop: boolean | null = null;
    // The real exit ends the process there and then; the spy records whether the statement had
    // already answered (it must not have) and refuses to stop the test runner.
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
      settledAtStop = settled;
      throw new Error('process.exit');
    });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await fsyncedDuring(
        () =>
          database.db.execute(sql`create table never_acknowledged (v int)`).then(
            () => {
              settled = true;
            },
            () => {
              settled = true;
            },
          ),
        () => Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }),
      );
      expect(exit).toHaveBeenCalledWith(70);
      expect(settledAtStop).toBe(false);
      expect(stderr.mock.calls.map(([text]) => String(text)).join('')).toMatch(
        /fatal: the database could not flush a file to disk \(EIO: i\/o error, fsync\)/,
      );
    } finally {
      exit.mockRestore();
      stderr.mockRestore();
      // The database is in an unknown state after the stop was refused by the spy: just drop it.
      await database.close().catch(() => undefined);
    }
  }, 60_000);
});
