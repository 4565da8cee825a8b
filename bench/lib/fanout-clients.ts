// Child process of socket-fanout.ts: opens N loopback WebSocket clients, optionally subscribes each
// to DAY_MARKET, and over the measured window counts the DAY_MARKET frames delivered and records
// every frame's tick-to-client latency (`monoMs() + offset − data.Time`) in a 10 µs histogram.
import { SUCCESS_CODE } from '@meridian/contracts';
import { LatencyHistogram, monoMs, reportFailures } from './common.ts';
import { WebSocket } from './ws.ts';

reportFailures();

interface ConnectMsg {
  type: 'connect';
  url: string;
  count: number;
  subscribe: boolean;
  offset: number;
}

const hist = new LatencyHistogram();
const sockets: WebSocket[] = [];
let perClient = new Uint32Array(0);
let offset = 0;
let measuring = false;
let delivered = 0;
let bytes = 0;
let closed = 0;
let errors = 0;
let t0 = 0;
let cpu0 = process.cpuUsage();
let sample: string | null = null;
const PONG = '{"type":"pong"}';
const DM_PREFIX = Buffer.from('{"type":"DAY_MARKET"');
const TIME_KEY = Buffer.from('"Time":');

function open(url: string, index: number, subscribe: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    let ready = false;
    ws.on('message', (raw: Buffer) => {
      // Cheap parse on the hot path: DAY_MARKET frames start with this prefix (both sides), and
      // only their `Time` number is read; anything else (replies, pings) is parsed in full.
      if (
        raw.length > DM_PREFIX.length &&
        raw.compare(DM_PREFIX, 0, DM_PREFIX.length, 0, DM_PREFIX.length) === 0
      ) {
        if (!measuring) return;
        const now = monoMs();
        const at = raw.indexOf(TIME_KEY, DM_PREFIX.length);
        const time = Number.parseFloat(
          raw.toString('latin1', at + TIME_KEY.length, at + TIME_KEY.length + 24),
        );
        if (!(time > 0)) throw new Error(`DAY_MARKET frame without a Time: ${raw.toString()}`);
        hist.record(now + offset - time);
        delivered++;
        bytes += raw.length;
        perClient[index] = perClient[index]! + 1;
        if (sample === null) sample = raw.toString();
        return;
      }
      const m = JSON.parse(raw.toString());
      if (m.type === 'ping') {
        ws.send(PONG);
      } else if (m.type === 'sub_result' && !ready) {
        ready = true;
        if (m.code === SUCCESS_CODE) resolve();
        else reject(new Error(`sub refused: ${JSON.stringify(m)}`));
      }
    });
    ws.once('open', () => {
      sockets[index] = ws;
      if (subscribe) ws.send('{"type":"sub","topic":"DAY_MARKET"}');
      else {
        ready = true;
        resolve();
      }
    });
    ws.once('error', (err) => {
      errors++;
      if (!ready) reject(err);
    });
    ws.once('close', () => {
      closed++;
    });
  });
}

async function connectAll(m: ConnectMsg) {
  offset = m.offset;
  perClient = new Uint32Array(m.count);
  const CONCURRENCY = 50;
  let next = 0;
  const worker = async () => {
    while (next < m.count) {
      const i = next++;
      await open(m.url, i, m.subscribe);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

process.on('message', (m: ConnectMsg | { type: 'start' | 'stop' | 'disconnect' }) => {
  if (m.type === 'disconnect') {
    measuring = false;
    for (const ws of sockets) ws?.terminate();
    sockets.length = 0;
    process.send?.({ type: 'disconnected' });
  } else if (m.type === 'connect') {
    const started = monoMs();
    connectAll(m).then(
      () => process.send?.({ type: 'connected', count: sockets.length, ms: monoMs() - started }),
      (err) => process.send?.({ type: 'error', error: String(err?.stack ?? err) }),
    );
  } else if (m.type === 'start') {
    hist.reset();
    perClient.fill(0);
    delivered = 0;
    bytes = 0;
    sample = null;
    closed = 0;
    errors = 0;
    t0 = monoMs();
    cpu0 = process.cpuUsage();
    measuring = true;
  } else if (m.type === 'stop') {
    measuring = false;
    const cpu = process.cpuUsage(cpu0);
    const wallMs = monoMs() - t0;
    let min = Number.POSITIVE_INFINITY;
    let max = 0;
    for (const c of perClient) {
      if (c < min) min = c;
      if (c > max) max = c;
    }
    process.send?.({
      type: 'stats',
      delivered,
      bytes,
      wallMs,
      cpuUs: cpu.user + cpu.system,
      perClientMin: min,
      perClientMax: max,
      closed,
      errors,
      sample,
      histogram: hist.toSparse(),
    });
  }
});

process.on('SIGTERM', () => {
  for (const ws of sockets) ws?.terminate();
  process.exit(0);
});

process.send?.({ type: 'ready' });
