// Child process of order-http.ts: runs autocannon against a URL the parent names, so the load
// generator never shares the server's event loop. Each request may carry the next token of a list
// (authorization header) and the next path of a list; with `checkEnvelope`, answers are counted as
// accepted only when the envelope says `code: 1` (refusals come back as HTTP errors, or not).
import autocannon from 'autocannon';
import { reportFailures } from './common.ts';

reportFailures();

interface Run {
  type: 'run';
  url: string;
  paths: string[];
  tokens: string[];
  connections: number;
  duration: number;
  checkEnvelope: boolean;
}

process.on('message', async (m: Run) => {
  if (m?.type !== 'run') return;
  let n = 0;
  let accepted = 0;
  let refused = 0;
  const refusals = new Map<string, number>();
  const result = await autocannon({
    url: m.url,
    connections: m.connections,
    duration: m.duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const i = n++;
          const path = m.paths[i % m.paths.length]!;
          const token = m.tokens.length ? m.tokens[i % m.tokens.length] : undefined;
          return {
            ...req,
            path,
            headers: { ...req.headers, lang: 'en', ...(token ? { authorization: token } : {}) },
          };
        },
        ...(m.checkEnvelope
          ? {
              onResponse: (_status: number, body: string) => {
                if (body.startsWith('{"code":1,')) accepted++;
                else {
                  refused++;
                  const msg = /"msg":"([^"]*)"/.exec(body)?.[1] ?? body.slice(0, 60);
                  refusals.set(msg, (refusals.get(msg) ?? 0) + 1);
                }
              },
            }
          : {}),
      },
    ],
  });
  process.send?.({
    type: 'result',
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    durationS: result.duration,
    latency: {
      p50Ms: result.latency.p50,
      p90Ms: result.latency.p90,
      p99Ms: result.latency.p99,
      meanMs: result.latency.mean,
      maxMs: result.latency.max,
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    ok2xx: result['2xx'],
    accepted,
    refused,
    refusals: Object.fromEntries(refusals),
  });
});
process.send?.({ type: 'ready' });
