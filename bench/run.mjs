// `npm run bench`: runs each benchmark in turn (`node --import tsx bench/<name>.ts`), each in its
// own process group with a time limit, prints a combined report, writes every figure to
// artifacts/bench.json and exits non-zero when a goal is missed or a benchmark fails.
// `npm run bench -- web-size lighthouse` runs only those.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const BENCHMARKS = [
  { name: 'socket-fanout', limitS: 240 },
  { name: 'web-size', limitS: 240 },
  { name: 'lighthouse', limitS: 300 },
  { name: 'engine', limitS: 180 },
  { name: 'order-http', limitS: 240 },
  { name: 'copy', limitS: 300 },
];
const only = process.argv.slice(2);
const unknown = only.filter((n) => !BENCHMARKS.some((b) => b.name === n));
if (unknown.length) {
  console.error(
    `unknown benchmark(s): ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}
const selected = BENCHMARKS.filter((b) => only.length === 0 || only.includes(b.name));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
let current = null;

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (current) killGroup(current);
    process.exit(130);
  });
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** CPU used by other processes over a short idle window, in % of one core (the noise floor). */
async function backgroundLoad(ms = 2000) {
  const read = () => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: f[3] + f[4], total: f.reduce((a, b) => a + b, 0) };
  };
  try {
    const a = read();
    await new Promise((r) => setTimeout(r, ms));
    const b = read();
    return Math.round((1 - (b.idle - a.idle) / (b.total - a.total)) * os.availableParallelism() * 1000) / 10;
  } catch {
    return null;
  }
}

async function run(bench) {
  const resultFile = path.join(tmp, `${bench.name}.json`);
  const load = await backgroundLoad();
  const started = Date.now();
  console.log(
    `\n=== ${bench.name} (limit ${bench.limitS} s; background load before it: ${load ?? '?'}% of a core)`,
  );
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, '--import', 'tsx', `bench/${bench.name}.ts`],
      {
        cwd: root,
        stdio: 'inherit',
        detached: true, // its own process group, so servers and browsers it started go with it
        env: { ...process.env, BENCH_RESULT_FILE: resultFile },
      },
    );
    current = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`${bench.name}: over its ${bench.limitS} s limit, stopped`);
      killGroup(child);
    }, bench.limitS * 1000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      current = null;
      killGroup(child); // anything it left behind
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      if (existsSync(resultFile)) {
        resolve({
          ...JSON.parse(readFileSync(resultFile, 'utf8')),
          backgroundLoadBefore: load,
          exitCode: code,
        });
      } else {
        resolve({
          name: bench.name,
          ok: false,
          seconds,
          summary: [],
          figures: {},
          goals: [],
          notes: [],
          backgroundLoadBefore: load,
          error: timedOut
            ? `timed out after ${bench.limitS} s`
            : `exited with ${signal ?? code} before reporting`,
          exitCode: code,
        });
      }
    });
  });
}

const startedAt = new Date();
const results = [];
for (const bench of selected) results.push(await run(bench));
rmSync(tmp, { recursive: true, force: true });

const cpus = os.cpus();
const report = {
  startedAt: startedAt.toISOString(),
  seconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
  machine: {
    cores: os.availableParallelism(),
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGB: Math.round(os.totalmem() / 1e9),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtEnd: os.loadavg(),
  },
  ok: results.every((r) => r.ok),
  missed: results.flatMap((r) => [
    ...(r.error ? [`${r.name}: ${r.error}`] : []),
    ...r.goals
      .filter((g) => !g.pass)
      .map((g) => `${r.name}: ${g.description}: ${g.actual} (goal ${g.target})`),
  ]),
  benchmarks: results,
};
mkdirSync(path.join(root, 'artifacts'), { recursive: true });
const out = path.join(root, 'artifacts/bench.json');
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);

console.log(`\n${'='.repeat(100)}`);
console.log(
  `Meridian benchmarks — ${report.machine.cores} cores (${report.machine.cpu}), Node ${process.version}, ${report.seconds} s`,
);
for (const r of results) {
  console.log(
    `\n${r.name} (${r.seconds} s; background load before it ${r.backgroundLoadBefore ?? '?'}% of a core)${r.error ? `: FAILED — ${r.error}` : ''}`,
  );
  for (const line of r.summary) console.log(`  ${line}`);
  for (const g of r.goals) {
    console.log(`  ${g.pass ? 'PASS' : 'MISS'}  ${g.description}: ${g.actual} (goal ${g.target})`);
  }
  for (const n of r.notes) console.log(`  note: ${n}`);
}
console.log(`\nfigures: ${path.relative(root, out)}`);
if (report.ok) console.log('all goals met');
else {
  console.log(`${report.missed.length} goal(s) missed or benchmark(s) failed:`);
  for (const m of report.missed) console.log(`  - ${m}`);
}
process.exit(report.ok ? 0 : 1);
