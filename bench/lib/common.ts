// Shared helpers for the benchmarks: result files, goals, clocks, percentiles, child processes.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Goal {
  id: string;
  description: string;
  /** Human-readable target, e.g. "≤ 1.5× baseline". */
  target: string;
  actual: string;
  pass: boolean;
}

export interface BenchResult {
  name: string;
  ok: boolean;
  seconds: number;
  /** A few lines with the headline figures, for the combined report. */
  summary: string[];
  figures: Record<string, unknown>;
  goals: Goal[];
  notes: string[];
}

function resultFile(name: string) {
  return process.env.BENCH_RESULT_FILE ?? path.join(ROOT, 'artifacts', `bench-${name}.json`);
}

/**
 * In a benchmark's main process: if it fails before `finish`, still write a result that says why
 * (e.g. the web app does not build), then exit non-zero.
 */
export function reportErrorsAs(name: string, startedMs: number) {
  const fail = (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    console.error(err instanceof Error ? (err.stack ?? message) : message);
    const result: BenchResult & { error: string } = {
      name,
      ok: false,
      seconds: Math.round((Date.now() - startedMs) / 100) / 10,
      summary: [],
      figures: {},
      goals: [],
      notes: [],
      error: message,
    };
    const file = resultFile(name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
}

/**
 * Writes the result where `bench/run.mjs` asked (BENCH_RESULT_FILE), prints the goals and exits
 * non-zero when one is missed, so each benchmark also works on its own.
 */
export function finish(result: Omit<BenchResult, 'ok' | 'seconds'>, startedMs: number): never {
  const full: BenchResult = {
    ...result,
    ok: result.goals.every((g) => g.pass),
    seconds: Math.round((Date.now() - startedMs) / 100) / 10,
  };
  const file = resultFile(result.name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(full, null, 2)}\n`);
  console.log('');
  for (const g of full.goals) {
    console.log(`${g.pass ? 'PASS' : 'MISS'}  ${g.description}: ${g.actual} (goal ${g.target})`);
  }
  for (const n of full.notes) console.log(`note: ${n}`);
  process.exit(full.ok ? 0 : 1);
}

/**
 * Milliseconds on CLOCK_MONOTONIC (libuv's hrtime), which every process on the host shares, so a
 * time stamped in one process can be compared with a time read in another without wall-clock
 * (NTP) adjustments in between. Sub-microsecond resolution.
 */
export function monoMs(): number {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Latency histogram with fixed 10 µs buckets up to 10 s (plus an overflow bucket). */
export class LatencyHistogram {
  static readonly BUCKET_MS = 0.01;
  static readonly BUCKETS = 1_000_000;
  readonly counts = new Uint32Array(LatencyHistogram.BUCKETS + 1);
  total = 0;
  sum = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;

  record(ms: number) {
    let b = Math.floor(ms / LatencyHistogram.BUCKET_MS);
    if (b < 0) b = 0;
    else if (b > LatencyHistogram.BUCKETS) b = LatencyHistogram.BUCKETS;
    this.counts[b]!++;
    this.total++;
    this.sum += ms;
    if (ms < this.min) this.min = ms;
    if (ms > this.max) this.max = ms;
  }

  reset() {
    this.counts.fill(0);
    this.total = 0;
    this.sum = 0;
    this.min = Number.POSITIVE_INFINITY;
    this.max = Number.NEGATIVE_INFINITY;
  }

  /** Non-empty buckets only, to send over IPC. */
  toSparse(): SparseHistogram {
    const buckets: Array<[number, number]> = [];
    for (let i = 0; i < this.counts.length; i++) if (this.counts[i]) buckets.push([i, this.counts[i]!]);
    return { buckets, total: this.total, sum: this.sum, min: this.min, max: this.max };
  }
}

export interface SparseHistogram {
  buckets: Array<[number, number]>;
  total: number;
  sum: number;
  min: number;
  max: number;
}

export interface LatencySummary {
  samples: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
}

/** Merges histograms from several client processes and reads percentiles (bucket upper edges). */
export function summarize(parts: SparseHistogram[]): LatencySummary {
  const merged = new Map<number, number>();
  let total = 0;
  let sum = 0;
  let max = Number.NEGATIVE_INFINITY;
  for (const p of parts) {
    for (const [b, c] of p.buckets) merged.set(b, (merged.get(b) ?? 0) + c);
    total += p.total;
    sum += p.sum;
    max = Math.max(max, p.max);
  }
  const sorted = [...merged.entries()].sort((a, b) => a[0] - b[0]);
  const at = (q: number) => {
    const rank = Math.ceil(q * total);
    let seen = 0;
    for (const [b, c] of sorted) {
      seen += c;
      if (seen >= rank) return round3((b + 1) * LatencyHistogram.BUCKET_MS);
    }
    return Number.NaN;
  };
  return {
    samples: total,
    meanMs: total ? round3(sum / total) : Number.NaN,
    p50Ms: at(0.5),
    p90Ms: at(0.9),
    p99Ms: at(0.99),
    p999Ms: at(0.999),
    maxMs: round3(max),
  };
}

export const round3 = (x: number) => Math.round(x * 1000) / 1000;
export const round1 = (x: number) => Math.round(x * 10) / 10;

/** Idle and total jiffies of all cores (/proc/stat), for the machine's busy share over a window. */
export function readProcStat() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const f = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (f[3] ?? 0) + (f[4] ?? 0);
  const total = f.reduce((a, b) => a + b, 0);
  return { idle, total };
}
/** Busy share of all cores between two readings (0..1). */
export function busyShare(a: { idle: number; total: number }, b: { idle: number; total: number }) {
  const dt = b.total - a.total;
  return dt > 0 ? 1 - (b.idle - a.idle) / dt : Number.NaN;
}

/** A TypeScript child (run with tsx) talking over IPC. */
export function forkTs(
  file: string,
  env: Record<string, string> = {},
  execArgv: string[] = [],
): ChildProcess {
  return fork(file, [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The next IPC message of `type` from a child (rejects if the child dies or time runs out). */
export function nextMessage<T = Record<string, unknown>>(
  child: ChildProcess,
  type: string,
  timeoutMs = 120_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type?: string; error?: string }) => {
      if (m?.type === 'error') {
        cleanup();
        reject(new Error(`child failed: ${m.error}`));
      } else if (m?.type === type) {
        cleanup();
        resolve(m as T);
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`child exited (${code}) while waiting for '${type}'`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for '${type}'`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Stops a child we started and waits for it to go (SIGKILL after a grace period). */
export async function stopChild(child: ChildProcess, graceMs = 5_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

/** In a child: report an uncaught failure to the parent, then exit. */
export function reportFailures() {
  const fail = (err: unknown) => {
    const msg = err instanceof Error ? (err.stack ?? err.message) : String(err);
    try {
      process.send?.({ type: 'error', error: msg });
    } catch {
      // parent gone
    }
    console.error(msg);
    setTimeout(() => process.exit(1), 50);
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  process.on('disconnect', () => process.exit(0));
}

/**
 * A CPU profile of this process from now until `stop()`, written to `file` (open it in Chrome
 * DevTools); null when no file is asked for, so benchmarks call it unconditionally.
 */
export async function startCpuProfile(file: string | undefined, samplingIntervalUs?: number) {
  if (!file) return null;
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  if (samplingIntervalUs)
    await session.post('Profiler.setSamplingInterval', { interval: samplingIntervalUs });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
