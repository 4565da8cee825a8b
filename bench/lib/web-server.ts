// Child process for the web benchmarks: the real Meridian server (createServer: API, socket,
// simulated market, the built web app at `/`) on 127.0.0.1 with an in-memory database and a clock
// that runs in real time from Wednesday 18 Nov 2026 12:00 UTC, so the markets are open whatever
// today is. It also serves one trivial static page (Lighthouse's noise-floor baseline) from the
// same process and the same Fastify stack (compression, headers).
import { loadConfig } from '../../apps/server/src/config.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { reportFailures } from './common.ts';
import { TRIVIAL_PATH } from './web.ts';

reportFailures();

const SIM_START = Date.UTC(2026, 10, 18, 12, 0, 0);
const offset = SIM_START - Date.now();
const clock = { now: () => Date.now() + offset };

const TRIVIAL_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="description" content="A static page: the benchmark's baseline.">
    <link rel="icon" href="data:,">
    <title>Baseline</title>
  </head>
  <body>
    <main>
      <h1>Hello</h1>
      <p>A trivial static page, served by the same server process, to show this machine's noise floor.</p>
    </main>
  </body>
</html>
`;

const config = loadConfig({
  DATA_DIR: 'memory://',
  MARKET_HISTORY_DAYS: process.env.BENCH_HISTORY_DAYS ?? '2',
  LOG_LEVEL: 'silent',
  PORT: '0',
  HOST: '127.0.0.1',
});
const server = await createServer({ config, clock, autoStartMarket: true, logger: false });
server.app.get(TRIVIAL_PATH, { schema: { hide: true } }, async (_req, reply) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(TRIVIAL_HTML),
);
await server.app.listen({ port: 0, host: '127.0.0.1' });
const port = (server.app.server.address() as { port: number }).port;

process.on('SIGTERM', () => {
  server
    .close()
    .catch(() => {})
    .finally(() => process.exit(0));
});

process.send?.({ type: 'ready', port });
