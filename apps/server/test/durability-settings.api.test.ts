import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { durabilityWarnings } from '../src/db/durability-check.ts';
import { createScratchDatabase, DB_KINDS } from './support/databases.ts';

describe('start-up warnings about database settings that lose acknowledged orders', () => {
  it('says nothing for the embedded database on disk, and names fsync=off where it is off (in memory)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'meridian-durability-'));
    const onDisk = await openDatabase({ dataDir: dir });
    try {
      expect(await durabilityWarnings(onDisk.db)).toEqual([]);
    } finally {
      await onDisk.close();
      rmSync(dir, { recursive: true, force: true });
    }
    const inMemory = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(await durabilityWarnings(inMemory.db)).toEqual([expect.stringMatching(/fsync=off/)]);
    } finally {
      await inMemory.close();
    }
  }, 60_000);

  it.runIf(DB_KINDS.includes('postgres'))(
    'names synchronous_commit=off on PostgreSQL',
    async () => {
      const scratch = await createScratchDatabase();
      try {
        const name = new URL(scratch.url).pathname.slice(1);
        const admin = new pg.Client({ connectionString: scratch.url });
        await admin.connect();
        await admin.query(`alter database ${name} set synchronous_commit = off`);
        await admin.end();
        const database = await openDatabase({ url: scratch.url, dataDir: 'unused' });
        try {
          const warnings = await durabilityWarnings(database.db);
          expect(warnings).toContainEqual(expect.stringMatching(/synchronous_commit=off/));
        } finally {
          await database.close();
        }
      } finally {
        await scratch.drop();
      }
    },
    60_000,
  );
});
