// Child process of socket-fanout.ts: the real Meridian server (createServer, in-memory PGlite, one
// day of history) with the market driven by this process at a fixed step, and its own CPU time
// measured over the window the parent asks for.
//
// Clock: a manual clock mapped onto CLOCK_MONOTONIC. At each step the clock is set to
// `monoMs() + offset` (offset = Wednesday 18 Nov 2026 12:00 UTC − monoMs() at start, so forex,
// metals, crypto and London equities are open whatever today is) and the feed steps to that time.
// A quote's `Time` is therefore the instant its step began, on a timeline every process on the host
// shares; a client computes tick-to-client latency as `monoMs() + offset − Time`.

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { monoMs, reportFailures } from './common.ts';

reportFailures();

const STEP_MS = Number(process.env.FANOUT_STEP_MS ?? 10);
const SIM_START = Date.UTC(2026, 10, 18, 12, 0, 0); // a Wednesday, noon UTC

const clock = { ms: SIM_START, now: () => clock.ms };
const config = loadConfig({
  DATA_DIR: 'memory://',
  MARKET_HISTORY_DAYS: '1',
  LOG_LEVEL: 'silent',
  PORT: '0',
});
const server = await createServer({ config, clock, autoStartMarket: false, logger: false });
await server.app.listen({ port: 0, host: '127.0.0.1' });
const port = (server.app.server.address() as { port: number }).port;

const offset = SIM_START - monoMs();
let quotesThisStep = 0;
server.market.feed.onQuote(() => {
  quotesThisStep++;
});

// Measurement state.
let measuring = false;
let cpu0 = process.cpuUsage();
let t0 = 0;
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
let quotes = 0;
let steps = 0;
/** Flat pairs (ms since the window opened, quotes in that step), replayed by the baseline. */
let schedule: number[] = [];
let lastStepAt = 0;
let maxStepGapMs = 0;
/** Steps that came late (the event loop was busy): when, by how much, and the market time. */
let stalls: Array<{ atS: number; gapMs: number; marketTime: string }> = [];

// The production feed runs `feed.step(clock.now())` on a timer and the market's own 1 s
// housekeeping closes candles and flips sessions; this does the same, at a finer step.
const timer = setInterval(() => {
  const now = monoMs();
  clock.ms = now + offset;
  quotesThisStep = 0;
  server.market.feed.step(clock.ms);
  if (measuring) {
    quotes += quotesThisStep;
    steps++;
    if (quotesThisStep > 0) schedule.push(Math.round((now - t0) * 1000) / 1000, quotesThisStep);
    if (lastStepAt) {
      const gap = now - lastStepAt;
      maxStepGapMs = Math.max(maxStepGapMs, gap);
      if (gap > 50 && stalls.length < 50) {
        stalls.push({
          atS: Math.round(now - t0) / 1000,
          gapMs: Math.round(gap),
          marketTime: new Date(clock.ms).toISOString(),
        });
      }
    }
    lastStepAt = now;
  }
}, STEP_MS);

process.on('message', (m: { type: string }) => {
  if (m.type === 'start') {
    measuring = true;
    quotes = 0;
    steps = 0;
    schedule = [];
    lastStepAt = 0;
    maxStepGapMs = 0;
    stalls = [];
    loopDelay.reset();
    loopDelay.enable();
    t0 = monoMs();
    cpu0 = process.cpuUsage();
  } else if (m.type === 'stop') {
    const cpu = process.cpuUsage(cpu0);
    const wallMs = monoMs() - t0;
    measuring = false;
    loopDelay.disable();
    process.send?.({
      type: 'stats',
      cpuUs: cpu.user + cpu.system,
      userUs: cpu.user,
      systemUs: cpu.system,
      wallMs,
      quotes,
      steps,
      schedule,
      maxStepGapMs,
      stalls,
      eventLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      eventLoopDelayMaxMs: loopDelay.max / 1e6,
      subscribers: server.hub.subscriberCount('DAY_MARKET'),
      instruments: server.market.instruments().length,
      open: server.market.instruments().filter((i) => server.market.status(i.id) === 1).length,
    });
  }
});

process.on('SIGTERM', () => {
  clearInterval(timer);
  server
    .close()
    .catch(() => {})
    .finally(() => process.exit(0));
});

process.send?.({ type: 'ready', port, path: '/v1/ws', offset, stepMs: STEP_MS });
