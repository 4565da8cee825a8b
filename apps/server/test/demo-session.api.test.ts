import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS_PER_ADDRESS_PER_HOUR } from '../src/modules/account/account.service.ts';
import { findMismatchedAccounts } from '../src/modules/ledger/ledger.repository.ts';
import { DB_KINDS } from './support/databases.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

describe.each(DB_KINDS)('demo session on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s?.stop());

  const demo = async (id: string) =>
    (
      await s.app.inject({
        method: 'GET',
        url: `/api/user/createAccountDemoForU?demo_id=${id}&t=1`,
        headers: { lang: 'en' },
      })
    ).json();

  it('creates a demo account with 100,000 virtual USD and resumes it for the same device', async () => {
    const first = await demo('3b1f0c52-9d7e-4a44-8d0e-1f2a3b4c5d6e');
    expect(first.code).toBe(1);
    expect(first.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.data.user).toMatchObject({
      is_demo: 1,
      balance: '100000.00',
      lock_balance: '0.00',
      credit_score: 100,
    });
    expect(first.data.user.uid).toMatch(/^\d{8}$/);
    const again = await demo('3b1f0c52-9d7e-4a44-8d0e-1f2a3b4c5d6e');
    expect(again.data.user.id).toBe(first.data.user.id);
    expect(again.data.token).not.toBe(first.data.token);
    const other = await demo('another-device-0001');
    expect(other.data.user.id).not.toBe(first.data.user.id);
    // The opening credit is dated by the server's clock, like every later entry (not the database's).
    const opening = (await s.database.db.execute(
      sql`select created_at from ledger_entries where user_id = ${first.data.user.id} and type = 11`,
    )) as unknown as { rows: Array<{ created_at: Date | string }> };
    expect(new Date(opening.rows[0]!.created_at).getTime()).toBe(s.clock.ms);
  });

  it('gives one account to concurrent first logins from one device', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => demo('racing-device-0001')));
    expect(results.every((r) => r.code === 1)).toBe(true);
    expect(new Set(results.map((r) => r.data.user.id)).size).toBe(1);
  });

  it('serves user info and balance for the token, and the books reconcile', async () => {
    const { data } = await demo('info-device-0001');
    const headers = { authorization: data.token };
    const info = (await s.app.inject({ method: 'GET', url: '/api/user/info', headers })).json();
    expect(info.data).toEqual({
      id: data.user.id,
      uid: data.user.uid,
      email: '',
      mobile: '',
      area_code: '',
      balance: '100000.00',
      lock_balance: '0.00',
      credit_score: 100,
      is_demo: 1,
      invite_code: expect.stringMatching(/^[A-Z2-9]{6}$/),
      created_at: expect.any(String),
    });
    const bal = (
      await s.app.inject({
        method: 'GET',
        url: '/v1/api/main/wallet/getBalance?t=5',
        headers: { authorization: `Bearer ${data.token}` },
      })
    ).json();
    expect(bal.data).toEqual({ balance: '100000.00', lock_balance: '0.00' });
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('keeps the ledger append-only at the database level', async () => {
    await expect(s.database.db.execute(sql`update ledger_entries set memo = 'x'`)).rejects.toThrow();
    await expect(s.database.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    const rows = await s.database.db.execute(
      sql`select count(*)::int as n from ledger_entries where type = 11`,
    );
    expect(Number((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBeGreaterThan(0);
  });

  it('refuses a malformed device id with the field named', async () => {
    expect(await demo('short')).toEqual({ code: 1001, msg: 'Invalid value for demo_id', data: null });
    expect((await demo('has spaces in it')).code).toBe(1001);
  });

  it('limits new demo accounts per address, never resuming an existing one', async () => {
    const from = (id: string, ip: string) =>
      s.app.inject({
        method: 'GET',
        url: `/api/user/createAccountDemoForU?demo_id=${id}`,
        headers: { lang: 'en' },
        remoteAddress: ip,
      });
    const first = (await from('limit-device-0000', '203.0.113.7')).json();
    expect(first.code).toBe(1);
    for (let i = 1; i < DEMO_ACCOUNTS_PER_ADDRESS_PER_HOUR; i++)
      expect((await from(`limit-device-${String(i).padStart(4, '0')}`, '203.0.113.7')).json().code).toBe(1);
    const refused = (await from('limit-device-9999', '203.0.113.7')).json();
    expect(refused).toEqual({ code: 1029, msg: 'Too many requests, please try again later', data: null });
    // The same address resumes its devices' accounts; another address opens new ones.
    expect((await from('limit-device-0000', '203.0.113.7')).json().data.user.id).toBe(first.data.user.id);
    expect((await from('limit-device-9999', '203.0.113.8')).json().code).toBe(1);
  });
});
