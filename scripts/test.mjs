// `npm test`: lint, structure (file names, import direction), typecheck, unit, API (PGlite +
// PostgreSQL when reachable) and browser tests, in that order, stopping at nothing so one run
// reports everything; exits non-zero on any failure.
// The last line is the plain summary CI reads: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'artifacts');
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const steps = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

function vitest(name, projects) {
  const report = path.join(out, `vitest-${name}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  const ok = run(name, 'npx', args);
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    if (!ok && r.numFailedTests === 0) failed += 1; // a crash or a failing hook counts too
  } else if (!ok) failed += 1;
}

for (const [name, args] of [
  ['lint', ['biome', 'check', '.']],
  // File names and import direction (biome.structure.jsonc): features, server layers and modules.
  ['structure', ['npm', 'run', '--silent', 'lint:structure']],
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
]) {
  const ok = run(name, 'npx', args);
  ok ? passed++ : failed++;
}
vitest('unit', ['unit', 'web', 'admin']);
vitest('api', ['api', 'api-serial']);
if (!existsSync('/usr/bin/chromium')) {
  console.log('\nBrowser tests need Debian Chromium: apt-get install -y chromium (.ci/run does it).');
  failed += 1;
} else {
  run('build web', 'npm', ['run', 'build', '-w', '@meridian/web']);
  run('build back office', 'npm', ['run', 'build', '-w', '@meridian/admin']);
  vitest('e2e', ['e2e']);
}

console.log('\n=== summary');
for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds} s)`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
