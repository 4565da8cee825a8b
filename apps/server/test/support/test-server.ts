import WebSocket from 'ws';
import { loadConfig } from '../../src/config.ts';
import { createServer, type Server } from '../../src/server.ts';
import { ManualClock, WEDNESDAY_NOON_UTC } from './clock.ts';
import { createScratchDatabase, type DbKind } from './databases.ts';

export interface TestServer extends Server {
  clock: ManualClock;
  baseUrl: string;
  wsUrl: string;
  /** Move the clock and the market forward in small steps so every instrument ticks. */
  tick(ms?: number): void;
  stop(): Promise<void>;
}

/**
 * The real server (real database, real market, real sockets) on an ephemeral port, with an
 * injected clock and the market driven by hand. A few days of history keep start-up quick.
 */
export async function startTestServer(
  kind: DbKind,
  /** `logger`: pino options for the server's log (default: none). */
  opts: { startMs?: number; env?: Record<string, string>; logger?: object } = {},
) {
  const scratch = kind === 'postgres' ? await createScratchDatabase() : null;
  const config = loadConfig({
    DATA_DIR: 'memory://',
    MARKET_HISTORY_DAYS: '3',
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...opts.env,
  });
  const clock = new ManualClock(opts.startMs ?? WEDNESDAY_NOON_UTC);
  const server = await createServer({ config, clock, autoStartMarket: false, logger: opts.logger ?? false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (server.app.server.address() as { port: number }).port;
  const t: TestServer = {
    ...server,
    clock,
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/v1/ws`,
    tick(ms = 5_000) {
      const end = clock.ms + ms;
      while (clock.ms < end) server.market.step(clock.advance(Math.min(250, end - clock.ms)));
    },
    async stop() {
      await server.close();
      await scratch?.drop();
    },
  };
  return t;
}

/** A socket client that records every frame and can wait for one matching a predicate. */
export async function connectSocket(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const frames: Array<Record<string, unknown>> = [];
  const waiters: Array<{
    pred: (f: Record<string, unknown>) => boolean;
    resolve: (f: Record<string, unknown>) => void;
  }> = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as Record<string, unknown>;
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.pred(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    send: (m: unknown) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
    /** The next frame (arriving after this call) that matches. */
    next(pred: (f: Record<string, unknown>) => boolean, timeoutMs = 5_000) {
      return new Promise<Record<string, unknown>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching socket frame')), timeoutMs);
        waiters.push({
          pred,
          resolve: (f) => {
            clearTimeout(timer);
            resolve(f);
          },
        });
      });
    },
    /**
     * The first frame so far, or arriving later, that matches: for a push that may come in the same
     * read as the answer awaited before it (a login's first FOREX_TRADE), which `next` would miss.
     */
    seenOrNext(pred: (f: Record<string, unknown>) => boolean, timeoutMs = 5_000) {
      const seen = frames.find(pred);
      return seen ? Promise.resolve(seen) : this.next(pred, timeoutMs);
    },
    close: () => ws.close(),
  };
}
