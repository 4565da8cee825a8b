import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

describe('data directory lock', () => {
  it('refuses a second server while the first lives, and takes over after it died', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'meridian-lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    await new Promise((r) => holder.once('spawn', r));
    writeFileSync(path.join(dir, 'server.pid'), String(holder.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/already using the data directory/);
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    const unlock = lockDataDir(dir); // the dead holder's file is stale
    expect(existsSync(path.join(dir, 'server.pid'))).toBe(true);
    unlock();
    expect(existsSync(path.join(dir, 'server.pid'))).toBe(false);
  });
});
