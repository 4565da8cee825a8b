// Child process of socket-fanout.ts: the baseline. A bare `ws` WebSocketServer that replays the
// frame times recorded in the Meridian run (same rate, same bursts per step, looped), each frame
// built ONCE as a Buffer of the same shape and mean size as a DAY_MARKET frame, with the step's
// time (CLOCK_MONOTONIC ms) in `Time`, and written to every connected client. Nothing else: no
// topics, no back-pressure checks, no market.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { monoMs, reportFailures } from './common.ts';
import { WebSocketServer } from './ws.ts';

reportFailures();

const STEP_MS = Number(process.env.FANOUT_STEP_MS ?? 10);
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false, maxPayload: 4096 });
await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
const port = (wss.address() as { port: number }).port;

let measuring = false;
let cpu0 = process.cpuUsage();
let t0 = 0;
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
let quotes = 0;
let steps = 0;
let timer: ReturnType<typeof setInterval> | undefined;

function startFeed(
  schedule: number[],
  durationMs: number,
  sample: { type: string; data: Record<string, unknown> },
  bytes: number,
) {
  const data = { ...sample.data };
  // Pad so the mean frame size matches Meridian's (the padding key is the only extra field).
  const probe = JSON.stringify({ type: sample.type, data: { ...data, Time: monoMs() }, p: '' }).length;
  const pad = 'x'.repeat(Math.max(0, Math.round(bytes) - probe));
  // Replay by time: a step sends every recorded frame whose time has come, looping over the recording.
  const events = schedule.length / 2;
  const feedStart = monoMs();
  let i = 0;
  let lap = 0;
  timer = setInterval(() => {
    const elapsed = monoMs() - feedStart;
    let n = 0;
    while (events > 0 && schedule[2 * i]! + lap * durationMs <= elapsed) {
      n += schedule[2 * i + 1]!;
      if (++i === events) {
        i = 0;
        lap++;
      }
    }
    // Like Meridian's quotes, every frame of a step carries the step's time, so a frame queued behind
    // others of the same step counts their fan-out in its latency on both sides.
    data.Time = monoMs();
    for (let k = 0; k < n; k++) {
      const frame = Buffer.from(JSON.stringify({ type: sample.type, data, p: pad }));
      for (const ws of wss.clients) ws.send(frame, { binary: false });
    }
    if (measuring) {
      quotes += n;
      steps++;
    }
  }, STEP_MS);
}

process.on(
  'message',
  (m: {
    type: string;
    schedule?: number[];
    durationMs?: number;
    sample?: { type: string; data: Record<string, unknown> };
    frameBytes?: number;
  }) => {
    if (m.type === 'feed') {
      startFeed(m.schedule ?? [], m.durationMs ?? 1, m.sample!, m.frameBytes ?? 0);
      process.send?.({ type: 'feeding' });
    } else if (m.type === 'start') {
      measuring = true;
      quotes = 0;
      steps = 0;
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
        eventLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        eventLoopDelayMaxMs: loopDelay.max / 1e6,
        subscribers: wss.clients.size,
      });
    }
  },
);

process.on('SIGTERM', () => {
  if (timer) clearInterval(timer);
  for (const ws of wss.clients) ws.terminate();
  wss.close(() => process.exit(0));
});

process.send?.({ type: 'ready', port, path: '/', offset: 0, stepMs: STEP_MS });
