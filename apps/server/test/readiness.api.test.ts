import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';

/** `/healthz`: the process lives; `/readyz`: it can take orders now (a load balancer's question). */
describe('readiness', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite');
  });
  afterAll(() => s?.stop());

  const probe = async (url: string) => {
    const res = await s.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };

  it('is ready when the database answers and the engine is not rebuilding', async () => {
    expect(await probe('/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('is not ready while the engine rebuilds after a failed commit, though alive', async () => {
    Object.defineProperty(s.engine, 'isRecovering', { configurable: true, get: () => true });
    try {
      expect(await probe('/readyz')).toEqual({
        status: 503,
        body: { status: 'not_ready', reason: 'engine_recovering' },
      });
      expect((await probe('/healthz')).status).toBe(200);
    } finally {
      delete (s.engine as unknown as Record<string, unknown>).isRecovering;
    }
  });

  it('is not ready when the database does not answer within 2 s (a frozen database)', async () => {
    const db = s.database.db as unknown as Record<string, unknown>;
    db.execute = () => new Promise(() => {});
    try {
      expect(await probe('/readyz')).toEqual({
        status: 503,
        body: { status: 'not_ready', reason: 'database' },
      });
    } finally {
      delete db.execute;
    }
    expect((await probe('/readyz')).status).toBe(200);
  });
});

describe('shutting down', () => {
  it('answers a request still arriving on an open connection with the envelope (1504, HTTP 503)', async () => {
    const s = await startTestServer('pglite');
    // A slow request keeps its connection busy, so the close does not end it; a second request sent
    // on that connection once the close has begun is the one refused. The first is held until then.
    const db = s.database.db as unknown as Record<string, unknown>;
    const execute = (db.execute as (...a: unknown[]) => Promise<unknown>).bind(db);
    let held = () => {};
    let started = false;
    db.execute = (...a: unknown[]) => {
      started = true;
      return new Promise((resolve) => {
        held = () => resolve(execute(...a));
      });
    };
    const { port } = s.app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (d) => (raw += d));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => started).toBe(true);
    const closed = s.stop();
    await new Promise((r) => setTimeout(r, 50)); // the close's first hooks have run
    socket.write('GET /api/default/setting HTTP/1.1\r\nHost: x\r\nlang: de\r\n\r\n');
    await new Promise((r) => setTimeout(r, 100)); // read by the server while the first is held
    held();
    await expect.poll(() => raw.split('HTTP/1.1 ').length - 1, { timeout: 10_000 }).toBe(2);
    socket.end();
    await closed;
    const answers = raw.split(/(?=HTTP\/1\.1 )/);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503/);
    expect(JSON.parse(answers[1]!.slice(answers[1]!.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 1504,
      msg: 'Der Server wird neu gestartet; es wurde nichts ausgeführt. Bitte versuchen Sie es gleich erneut',
      data: null,
    });
  });
});
