// Helpers for the web benchmarks: make sure the production build of apps/web is there and fresh,
// and run the real server (serving that build) in a child process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { forkTs, nextMessage, ROOT, stopChild } from './common.ts';

export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
/** What the web build is made from (as scripts/start.mjs judges staleness). */
const SOURCES = ['apps/web', 'packages/i18n/locales', 'packages/contracts/src', 'packages/domain/src'];

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds apps/web when its dist is missing or older than its sources; throws a clear error if it can't. */
export function ensureWebBuild(): { built: boolean; seconds: number } {
  const index = path.join(WEB_DIST, 'index.html');
  const stale =
    !existsSync(index) ||
    Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s)))) > statSync(index).mtimeMs;
  if (!stale) return { built: false, seconds: 0 };
  console.log(
    `  web build ${existsSync(index) ? 'is older than its sources' : 'is missing'}: npm run build -w @meridian/web`,
  );
  const started = Date.now();
  const r = spawnSync('npm', ['run', 'build', '-w', '@meridian/web'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (r.status !== 0 || !existsSync(index)) {
    const tail = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.trim().split('\n').slice(-25).join('\n');
    throw new Error(
      `the web app does not build (npm run build -w @meridian/web exited ${r.status}):\n${tail}`,
    );
  }
  return { built: true, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

export const TRIVIAL_PATH = '/__bench/trivial.html';

/** The real server (in-memory database, live simulated market on a Wednesday) serving the build. */
export async function startWebServer() {
  const child = forkTs(path.join(import.meta.dirname, 'web-server.ts'));
  try {
    const { port } = await nextMessage<{ port: number }>(child, 'ready', 180_000);
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      pid: child.pid,
      stop: () => stopChild(child),
    };
  } catch (err) {
    await stopChild(child);
    throw err;
  }
}
