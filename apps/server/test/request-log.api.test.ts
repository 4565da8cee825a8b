import { STAFF_API_PREFIX } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEmail } from './support/accounts.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const OWNER = { email: 'owner@test.local', password: 'owner-password-1' };

/** An operator reading the log can tell whose request a line was about. */
describe('request log', () => {
  let s: TestServer;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    s = await startTestServer('pglite', {
      env: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password },
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
  });
  afterAll(() => s?.stop());

  const completed = (url: string) =>
    lines.filter(
      (l) =>
        l.msg === 'request completed' &&
        lines.some((r) => r.reqId === l.reqId && (r.req as { url?: string } | undefined)?.url === url),
    );

  it("names the trader on a signed-in request's lines, and nobody on an anonymous one", async () => {
    const { token, user } = await registerEmail(s, 'logged@example.com');
    await s.app.inject({ method: 'GET', url: '/api/user/info?x=1', headers: { authorization: token } });
    await s.app.inject({ method: 'GET', url: '/api/user/info?x=2' });
    const mine = completed('/api/user/info?x=1');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.userId).toBe(user.id);
    const anonymous = completed('/api/user/info?x=2');
    expect(anonymous).toHaveLength(1);
    expect(anonymous[0]).not.toHaveProperty('userId');
  });

  it("names the member of staff on a back-office request's lines", async () => {
    const login = await s.app.inject({
      method: 'POST',
      url: `${STAFF_API_PREFIX}/auth/login`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(OWNER),
    });
    const { token, staff } = login.json().data as { token: string; staff: { id: number } };
    await s.app.inject({
      method: 'GET',
      url: `${STAFF_API_PREFIX}/auth/me?x=3`,
      headers: { authorization: `Bearer ${token}` },
    });
    const line = completed(`${STAFF_API_PREFIX}/auth/me?x=3`);
    expect(line).toHaveLength(1);
    expect(line[0]!.staffId).toBe(staff.id);
  });
});
