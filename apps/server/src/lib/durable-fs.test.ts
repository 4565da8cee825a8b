import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { syncNewDirectories, syncPath } from './durable-fs.ts';
import { handleSyncsDuring } from './sync-spies.test-support.ts';

describe('durable file-system helpers', () => {
  const base = mkdtempSync(path.join(tmpdir(), 'meridian-durable-fs-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('flushes the leaf and the entry of every directory mkdir created, up to the one that existed', async () => {
    const leaf = path.join(base, 'a', 'b', 'c');
    const created = await mkdir(leaf, { recursive: true });
    expect(created).toBe(path.join(base, 'a'));
    const synced = await handleSyncsDuring(() => syncNewDirectories(created, leaf));
    expect(synced).toEqual([
      `${leaf}/`,
      `${path.join(base, 'a', 'b')}/`,
      `${path.join(base, 'a')}/`,
      `${base}/`,
    ]);
    // Nothing new: only the leaf (its new file's entry).
    expect(await handleSyncsDuring(() => syncNewDirectories(undefined, leaf))).toEqual([`${leaf}/`]);
  });

  it('tolerates a file system that cannot sync a directory, never a file', async () => {
    const file = path.join(base, 'f');
    writeFileSync(file, 'x');
    const einval = () => Object.assign(new Error('EINVAL'), { code: 'EINVAL' });
    await handleSyncsDuring(() => syncPath(base, true), einval); // resolves
    await expect(handleSyncsDuring(() => syncPath(file, false), einval)).rejects.toThrow('EINVAL');
  });
});
