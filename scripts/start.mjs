// `npm start`: build the web app and the back office when a build is missing or older than its
// sources, then run the server (API, socket, embedded database, simulated market, both apps) on
// 127.0.0.1:8080.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const shared = ['packages/i18n/locales', 'packages/contracts/src', 'packages/domain/src'];
for (const app of [
  { dir: 'apps/web', name: '@meridian/web', label: 'the web app' },
  { dir: 'apps/admin', name: '@meridian/admin', label: 'the back office' },
]) {
  const dist = path.join(root, app.dir, 'dist/index.html');
  const sources = [app.dir, ...shared];
  const stale =
    !existsSync(dist) ||
    Math.max(...sources.map((s) => newestMtime(path.join(root, s)))) > statSync(dist).mtimeMs;
  if (!stale) continue;
  console.log(`Building ${app.label}…`);
  const r = spawnSync('npm', ['run', 'build', '-w', app.name], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// An IPC channel besides the output: if this process dies without passing a signal on (SIGKILL,
// a supervisor killing only the pid it started), the channel closes and the server stops too,
// rather than keep the port and the database's lock with nothing supervising it.
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
