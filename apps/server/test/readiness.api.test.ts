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
