// Socket fan-out benchmark (issue goal): N loopback clients subscribed to DAY_MARKET; server CPU per
// delivered quote and p99 tick-to-client latency at 1,000 clients, against a raw `ws` broadcast of
// one prebuilt buffer per frame measured in the same run, at the same frame rate and frame size.
// Goal: ≤ 1.5× the baseline's CPU per quote, p99 ≤ max(5 ms, 2× the baseline's p99).
//
// Processes: each server runs in a child of its own (its CPU is that process's `process.cpuUsage()`,
// all threads, over the measured windows); the clients run in another child (FANOUT_CLIENT_PROCS of
// them), all on this machine's cores. The two sides are measured in alternating rounds (Meridian,
// baseline, Meridian, baseline…) so that a change in the machine's background load during the run
// falls on both alike; each round connects the clients afresh, warms up, measures, disconnects.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  busyShare,
  finish,
  forkTs,
  type Goal,
  type LatencySummary,
  nextMessage,
  readProcStat,
  reportErrorsAs,
  round1,
  round3,
  type SparseHistogram,
  sleep,
  stopChild,
  summarize,
} from './lib/common.ts';

const started = Date.now();
reportErrorsAs('socket-fanout', started);
const CLIENTS = Number(process.env.FANOUT_CLIENTS ?? 1000);
const CLIENT_PROCS = Number(process.env.FANOUT_CLIENT_PROCS ?? 1);
const ROUNDS = Number(process.env.FANOUT_ROUNDS ?? 2);
const WARMUP_S = Number(process.env.FANOUT_WARMUP_S ?? 3);
const MEASURE_S = Number(process.env.FANOUT_SECONDS ?? 6);
/** Above this much CPU used by other processes (% of one core), the run is flagged as noisy. */
const NOISY_OTHERS_PERCENT = 25;
const LIB = path.join(import.meta.dirname, 'lib');
const CORES = availableParallelism();

type Side = 'meridian' | 'raw-ws';

interface ServerStats {
  cpuUs: number;
  userUs: number;
  systemUs: number;
  wallMs: number;
  quotes: number;
  steps: number;
  subscribers: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  schedule?: number[];
  maxStepGapMs?: number;
  stalls?: Array<{ atS: number; gapMs: number; marketTime: string }>;
  open?: number;
  instruments?: number;
}
interface ClientStats {
  delivered: number;
  bytes: number;
  wallMs: number;
  cpuUs: number;
  perClientMin: number;
  perClientMax: number;
  closed: number;
  errors: number;
  sample: string | null;
  histogram: SparseHistogram;
}
interface Round {
  side: Side;
  round: number;
  server: ServerStats;
  clients: ClientStats[];
  busy: number;
}

interface SideResult {
  side: Side;
  clients: number;
  rounds: number;
  measuredSeconds: number;
  framesPublishedPerSecond: number;
  deliveredQuotesPerSecond: number;
  deliveryRatio: number;
  meanFrameBytes: number;
  serverCpuPercent: number;
  serverCpuUsPerQuote: number;
  serverUserUsPerQuote: number;
  serverSystemUsPerQuote: number;
  clientCpuPercent: number;
  machineBusyPercent: number;
  /** CPU used by everything else on the machine (other sessions, the OS), % of one core. */
  otherProcessesCpuPercent: number;
  latency: LatencySummary;
  perClientDeliveredMin: number;
  perClientDeliveredMax: number;
  socketsClosedOrFailed: number;
  serverEventLoopDelayMaxMs: number;
  lateMarketSteps: Array<{ round: number; atS: number; gapMs: number }>;
  perRound: Array<{
    round: number;
    serverCpuUsPerQuote: number;
    p50Ms: number;
    p99Ms: number;
    deliveredQuotesPerSecond: number;
    otherProcessesCpuPercent: number;
  }>;
}

function checkFdLimit() {
  const r = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  const limit = r.stdout.trim() === 'unlimited' ? Number.POSITIVE_INFINITY : Number(r.stdout.trim());
  if (Number.isFinite(limit) && limit < CLIENTS + 256) {
    throw new Error(
      `open-file limit ${limit} is too low for ${CLIENTS} sockets: run \`ulimit -n ${CLIENTS * 2 + 1024}\` first`,
    );
  }
  return limit;
}

const serverArgs = (process.env.FANOUT_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
// e.g. FANOUT_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=bench/.tmp/prof" profiles both servers.
const forkServer = (file: string) => forkTs(path.join(LIB, file), {}, serverArgs);

async function measureRound(
  side: Side,
  round: number,
  server: ReturnType<typeof forkTs>,
  ready: { port: number; path: string; offset: number },
  clients: Array<ReturnType<typeof forkTs>>,
): Promise<Round> {
  const url = `ws://127.0.0.1:${ready.port}${ready.path}`;
  const connectStarted = Date.now();
  await Promise.all(
    clients.map((c, i) => {
      const count = Math.floor(CLIENTS / CLIENT_PROCS) + (i < CLIENTS % CLIENT_PROCS ? 1 : 0);
      c.send({ type: 'connect', url, count, subscribe: side === 'meridian', offset: ready.offset });
      return nextMessage(c, 'connected', 120_000);
    }),
  );
  const connectS = (Date.now() - connectStarted) / 1000;
  await sleep(WARMUP_S * 1000);
  const stat0 = readProcStat();
  const serverStats = nextMessage<ServerStats>(server, 'stats');
  const clientStats = clients.map((c) => nextMessage<ClientStats>(c, 'stats'));
  server.send({ type: 'start' });
  for (const c of clients) c.send({ type: 'start' });
  await sleep(MEASURE_S * 1000);
  server.send({ type: 'stop' });
  for (const c of clients) c.send({ type: 'stop' });
  const s = await serverStats;
  const cs = await Promise.all(clientStats);
  const busy = busyShare(stat0, readProcStat());
  await Promise.all(
    clients.map((c) => {
      c.send({ type: 'disconnect' });
      return nextMessage(c, 'disconnected');
    }),
  );
  await sleep(500); // let the server see the sockets go
  const r: Round = { side, round, server: s, clients: cs, busy };
  const one = aggregate(side, [r]);
  console.log(
    `  round ${round} ${side.padEnd(8)}: connect ${connectS.toFixed(1)} s; ${one.deliveredQuotesPerSecond} quotes/s, ${one.serverCpuUsPerQuote} µs CPU/quote, p50 ${one.latency.p50Ms} ms, p99 ${one.latency.p99Ms} ms; others ${one.otherProcessesCpuPercent}% of a core`,
  );
  return r;
}

function aggregate(side: Side, rounds: Round[]): SideResult {
  const sum = (f: (r: Round) => number) => rounds.reduce((a, r) => a + f(r), 0);
  const serverWallS = sum((r) => r.server.wallMs) / 1000;
  const clientWallS = sum((r) => Math.max(...r.clients.map((c) => c.wallMs))) / 1000;
  const delivered = sum((r) => r.clients.reduce((a, c) => a + c.delivered, 0));
  const bytes = sum((r) => r.clients.reduce((a, c) => a + c.bytes, 0));
  const quotes = sum((r) => r.server.quotes);
  const subscribers = sum((r) => r.server.subscribers * r.server.wallMs) / (serverWallS * 1000);
  const deliveredPerS = delivered / clientWallS;
  const cpuPerS = sum((r) => r.server.cpuUs) / serverWallS;
  const clientCpu = (sum((r) => r.clients.reduce((a, c) => a + c.cpuUs, 0)) / clientWallS / 1e6) * 100;
  const busy = sum((r) => r.busy * r.server.wallMs) / (serverWallS * 1000);
  const all = rounds.flatMap((r) => r.clients);
  return {
    side,
    clients: CLIENTS,
    rounds: rounds.length,
    measuredSeconds: round3(serverWallS),
    framesPublishedPerSecond: round1(quotes / serverWallS),
    deliveredQuotesPerSecond: Math.round(deliveredPerS),
    deliveryRatio: round3(deliveredPerS / ((quotes / serverWallS) * subscribers)),
    meanFrameBytes: round1(delivered ? bytes / delivered : 0),
    serverCpuPercent: round1(cpuPerS / 1e4),
    serverCpuUsPerQuote: round3(cpuPerS / deliveredPerS),
    serverUserUsPerQuote: round3(sum((r) => r.server.userUs) / serverWallS / deliveredPerS),
    serverSystemUsPerQuote: round3(sum((r) => r.server.systemUs) / serverWallS / deliveredPerS),
    clientCpuPercent: round1(clientCpu),
    machineBusyPercent: round1(busy * 100),
    otherProcessesCpuPercent: round1(Math.max(0, busy * CORES * 100 - cpuPerS / 1e4 - clientCpu)),
    latency: summarize(all.map((c) => c.histogram)),
    perClientDeliveredMin: Math.min(...all.map((c) => c.perClientMin)),
    perClientDeliveredMax: Math.max(...all.map((c) => c.perClientMax)),
    socketsClosedOrFailed: all.reduce((a, c) => a + c.closed + c.errors, 0),
    serverEventLoopDelayMaxMs: round1(Math.max(...rounds.map((r) => r.server.eventLoopDelayMaxMs))),
    lateMarketSteps: rounds.flatMap((r) =>
      (r.server.stalls ?? []).map((x) => ({ round: r.round, atS: x.atS, gapMs: x.gapMs })),
    ),
    perRound: [],
  };
}

function result(side: Side, rounds: Round[]): SideResult {
  const r = aggregate(side, rounds);
  r.perRound = rounds.map((x) => {
    const one = aggregate(side, [x]);
    return {
      round: x.round,
      serverCpuUsPerQuote: one.serverCpuUsPerQuote,
      p50Ms: one.latency.p50Ms,
      p99Ms: one.latency.p99Ms,
      deliveredQuotesPerSecond: one.deliveredQuotesPerSecond,
      otherProcessesCpuPercent: one.otherProcessesCpuPercent,
    };
  });
  return r;
}

function printSide(r: SideResult) {
  const l = r.latency;
  console.log(`  ${r.side} (${r.rounds} rounds, ${r.measuredSeconds} s measured)`);
  console.log(
    `    frames published/s ${r.framesPublishedPerSecond} × ${CLIENTS} clients; delivered quotes/s ${r.deliveredQuotesPerSecond} (delivery ratio ${r.deliveryRatio}, per-client per round ${r.perClientDeliveredMin}–${r.perClientDeliveredMax}); mean frame ${r.meanFrameBytes} B`,
  );
  console.log(
    `    server CPU ${r.serverCpuPercent}% of a core = ${r.serverCpuUsPerQuote} µs per delivered quote (user ${r.serverUserUsPerQuote}, system ${r.serverSystemUsPerQuote})`,
  );
  console.log(
    `    latency ms: p50 ${l.p50Ms}  p90 ${l.p90Ms}  p99 ${l.p99Ms}  p99.9 ${l.p999Ms}  max ${l.maxMs}  (mean ${l.meanMs}, ${l.samples} samples)`,
  );
  const late = r.lateMarketSteps;
  console.log(
    `    server event-loop delay max ${r.serverEventLoopDelayMaxMs} ms${
      r.side === 'meridian'
        ? `; market steps late by > 50 ms: ${late.length}${late.length ? ` (worst ${Math.max(...late.map((x) => x.gapMs))} ms)` : ''}`
        : ''
    }`,
  );
  console.log(
    `    client process CPU ${r.clientCpuPercent}% of a core; machine busy ${r.machineBusyPercent}% of ${CORES} cores (other processes ${r.otherProcessesCpuPercent}% of a core)`,
  );
}

const fdLimit = checkFdLimit();
console.log(
  `socket fan-out: ${CLIENTS} clients in ${CLIENT_PROCS} client process(es); ${ROUNDS} alternating rounds per side, each ${WARMUP_S} s warm-up + ${MEASURE_S} s measured (fd limit ${fdLimit})`,
);
const meridianServer = forkServer('fanout-meridian-server.ts');
const rawServer = forkServer('fanout-raw-server.ts');
const clients = Array.from({ length: CLIENT_PROCS }, () => forkTs(path.join(LIB, 'fanout-clients.ts')));
const rounds: Round[] = [];
try {
  type Ready = { port: number; path: string; offset: number };
  const [meridianReady, rawReady] = await Promise.all([
    nextMessage<Ready>(meridianServer, 'ready', 180_000),
    nextMessage<Ready>(rawServer, 'ready', 60_000),
    ...clients.map((c) => nextMessage(c, 'ready')),
  ]);
  for (let round = 1; round <= ROUNDS; round++) {
    const m = await measureRound('meridian', round, meridianServer, meridianReady as Ready, clients);
    rounds.push(m);
    if (round === 1) {
      const sample = m.clients.find((c) => c.sample)?.sample;
      if (!sample) throw new Error('Meridian delivered no DAY_MARKET frame: is the market open?');
      const delivered = m.clients.reduce((a, c) => a + c.delivered, 0);
      const bytes = m.clients.reduce((a, c) => a + c.bytes, 0);
      rawServer.send({
        type: 'feed',
        schedule: m.server.schedule ?? [],
        durationMs: m.server.wallMs,
        sample: JSON.parse(sample),
        frameBytes: bytes / delivered,
      });
      await nextMessage(rawServer, 'feeding');
    }
    rounds.push(await measureRound('raw-ws', round, rawServer, rawReady as Ready, clients));
  }
} finally {
  await Promise.all([...clients.map((c) => stopChild(c)), stopChild(meridianServer), stopChild(rawServer)]);
}

const meridian = result(
  'meridian',
  rounds.filter((r) => r.side === 'meridian'),
);
const baseline = result(
  'raw-ws',
  rounds.filter((r) => r.side === 'raw-ws'),
);
printSide(meridian);
printSide(baseline);

const cpuRatio = meridian.serverCpuUsPerQuote / baseline.serverCpuUsPerQuote;
const p99Limit = Math.max(5, 2 * baseline.latency.p99Ms);
const rateRatio = meridian.deliveredQuotesPerSecond / baseline.deliveredQuotesPerSecond;
const noisy =
  Math.max(meridian.otherProcessesCpuPercent, baseline.otherProcessesCpuPercent) > NOISY_OTHERS_PERCENT;
const goals: Goal[] = [
  {
    id: 'fanout.cpu_per_quote',
    description: `server CPU per delivered quote at ${CLIENTS} clients vs raw ws`,
    target: '≤ 1.5× baseline',
    actual: `${cpuRatio.toFixed(2)}× (${meridian.serverCpuUsPerQuote} vs ${baseline.serverCpuUsPerQuote} µs)`,
    pass: cpuRatio <= 1.5,
  },
  {
    id: 'fanout.p99_latency',
    description: `p99 tick-to-client latency at ${CLIENTS} clients`,
    target: `≤ max(5 ms, 2× baseline p99 ${baseline.latency.p99Ms} ms) = ${round3(p99Limit)} ms`,
    actual: `${meridian.latency.p99Ms} ms`,
    pass: meridian.latency.p99Ms <= p99Limit,
  },
  {
    // Coalescing for slow clients would lower the CPU per published frame; the comparison only
    // holds if (almost) every published quote reached every client on both sides.
    id: 'fanout.delivery',
    description: 'every published quote reached every client (delivery ratio, both sides)',
    target: '≥ 0.98',
    actual: `${meridian.deliveryRatio} / ${baseline.deliveryRatio}`,
    pass: meridian.deliveryRatio >= 0.98 && baseline.deliveryRatio >= 0.98,
  },
];
console.log(
  `  ratio: CPU/quote ${cpuRatio.toFixed(2)}× baseline; p99 ${meridian.latency.p99Ms} ms vs limit ${round3(p99Limit)} ms; delivered-rate ratio ${rateRatio.toFixed(3)}`,
);

finish(
  {
    name: 'socket-fanout',
    summary: [meridian, baseline].map(
      (r) =>
        `${r.side.padEnd(8)} ${r.deliveredQuotesPerSecond} quotes/s delivered to ${CLIENTS} clients; server ${r.serverCpuUsPerQuote} µs CPU/quote (${r.serverCpuPercent}% of a core); latency p50 ${r.latency.p50Ms} ms, p99 ${r.latency.p99Ms} ms; other processes ${r.otherProcessesCpuPercent}% of a core`,
    ),
    figures: {
      clients: CLIENTS,
      clientProcesses: CLIENT_PROCS,
      rounds: ROUNDS,
      warmupSeconds: WARMUP_S,
      measureSecondsPerRound: MEASURE_S,
      cores: CORES,
      cpuPerQuoteRatio: round3(cpuRatio),
      p99LimitMs: round3(p99Limit),
      deliveredRateRatio: round3(rateRatio),
      noisy,
      meridian,
      baseline,
    },
    goals,
    notes: [
      ...(noisy
        ? [
            `NOISY: other processes used up to ${Math.max(meridian.otherProcessesCpuPercent, baseline.otherProcessesCpuPercent)}% of a core during the measurement; latency figures are unreliable, rerun on a quiet machine`,
          ]
        : []),
      ...(baseline.latency.p99Ms > 5
        ? [
            `the 5 ms floor of the latency goal is below what even the raw baseline reaches here: writing one frame to ${CLIENTS} sockets costs ~${round1((baseline.serverCpuUsPerQuote * CLIENTS) / 1000)} ms of server CPU (one writev per client), so the 2× baseline bound is the one that applies`,
          ]
        : []),
      `servers and the client process share this machine's ${CORES} cores (and whatever else runs on it: "other processes"); the client process's CPU competes with the server's, on both sides alike`,
      'latency = client receive time − quote Time, both on CLOCK_MONOTONIC (Meridian: its manual clock is mapped onto it; baseline: the send time stamped into the frame); it includes the server walking 1,000 sockets and the one client process reading them',
      'the baseline replays the frame times recorded in the first Meridian round (same rate and bursts), frames padded to the same mean size; same ws version as the server',
    ],
  },
  started,
);
