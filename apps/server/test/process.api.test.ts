import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-proc-'));

function startMain(port: number, dir = dataDir) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      MARKET_HISTORY_DAYS: '2',
      LOG_LEVEL: 'info',
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(url: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('not healthy');
}

const freshDir = mkdtempSync(path.join(tmpdir(), 'meridian-proc-fresh-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(freshDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('prints the invite code, refuses a second server on the same data, and shuts down gracefully', async () => {
    const first = startMain(18731);
    await waitHealthy('http://127.0.0.1:18731/healthz');
    expect(first.output()).toMatch(/Registration invite code: [A-Z2-9]{8}/);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(true);

    const second = startMain(18732);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(
      /Another Meridian server \(pid \d+\) is already using the data directory/,
    );
    expect(second.output()).not.toMatch(/\n\s+at /); // a clear message, not a stack trace

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });

  it('a first start whose port is taken says so in one line, and the next start still shows the owner’s password', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(18733, '127.0.0.1', resolve));
    try {
      const failed = startMain(18733, freshDir);
      expect(await failed.exited).toBe(1);
      expect(failed.output()).toContain('Meridian could not start: the port is already in use');
      expect(failed.output()).not.toMatch(/\n\s+at /);
      // Its owner was never usable by anyone: no password was shown for it.
      expect(failed.output()).not.toContain('password:');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    const next = startMain(18734, freshDir);
    await waitHealthy('http://127.0.0.1:18734/healthz');
    expect(next.output()).toMatch(/Back office: first owner created[\s\S]*password: \S+/);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  });

  it('stops when the npm start process that started it dies (its IPC channel closes)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'meridian-proc-orphan-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: { ...process.env, PORT: '18735', DATA_DIR: dir, MARKET_HISTORY_DAYS: '2', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      let output = '';
      child.stdout!.on('data', (d) => (output += d));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await waitHealthy('http://127.0.0.1:18735/healthz');
      child.disconnect(); // as when the parent is killed with SIGKILL
      expect(await exited).toBe(0);
      expect(output).toContain('npm start ended');
      expect(existsSync(path.join(dir, 'server.pid'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an invalid configuration with a message naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'mysql://x' },
    });
    let output = '';
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise((r) => child.once('exit', r));
    expect(code).toBe(1);
    expect(output).toContain('PORT');
    expect(output).toContain('DATABASE_URL: must be a postgres:// URL');
  });
});
