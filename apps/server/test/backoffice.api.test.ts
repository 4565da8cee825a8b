import {
  ALL_STAFF_CALLS,
  REFERRAL_COUNT_CAP,
  STAFF_API_PREFIX,
  STAFF_ROLES,
  type StaffCallContract,
  type StaffRole,
} from '@meridian/contracts';
import { lotLimitProblems } from '@meridian/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMismatchedAccounts } from '../src/modules/ledger/ledger.repository.ts';
import { currentTotp } from '../src/modules/staff/totp.ts';
import { getJson, postForm, registerEmail, sqlCount } from './support/accounts.ts';
import { DB_KINDS } from './support/databases.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

type Envelope = { code: number; msg: string; data: any };
const OWNER = { email: 'owner@test.local', password: 'owner-password-1' };
const PASSWORD = 'staff-password-1';

describe.each(DB_KINDS)('back office on %s', (kind) => {
  let s: TestServer;
  const tokens = {} as Record<StaffRole, string>;
  const secrets = {} as Partial<Record<StaffRole, string>>;
  let ip = 10;

  const staffCall = async (
    method: 'GET' | 'POST',
    path: string,
    opts: {
      token?: string;
      body?: unknown;
      query?: Record<string, string>;
      ip?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Envelope> => {
    const qs = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
    const res = await s.app.inject({
      method,
      url: `${STAFF_API_PREFIX}${path}${qs}`,
      headers: {
        lang: 'en',
        ...opts.headers,
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { payload: JSON.stringify(opts.body ?? {}) } : {}),
      remoteAddress: opts.ip ?? '127.0.0.1',
    });
    return res.json() as Envelope;
  };
  const login = (email: string, password: string, totp?: string, from = '127.0.0.1') =>
    staffCall('POST', '/auth/login', { body: { email, password, ...(totp ? { totp } : {}) }, ip: from });
  const auditCount = () => sqlCount(s, sql`select count(*) as n from staff_audit`);
  const lastAudit = async () =>
    (
      (await s.database.db.execute(sql`select * from staff_audit order by id desc limit 1`)) as unknown as {
        rows: Array<Record<string, any>>;
      }
    ).rows[0]!;
  async function enrol(token: string) {
    const start = await staffCall('POST', '/auth/totp/start', { token });
    expect(start.code).toBe(1);
    expect(start.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const done = await staffCall('POST', '/auth/totp/confirm', {
      token,
      body: { code: currentTotp(start.data.secret) },
    });
    expect(done.code).toBe(1);
    expect(done.data.staff.totpEnabled).toBe(true);
    return start.data.secret as string;
  }

  beforeAll(async () => {
    s = await startTestServer(kind, { env: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password } });
    s.tick(5_000);
    const first = await login(OWNER.email, OWNER.password);
    expect(first.code).toBe(1);
    expect(first.data.mustEnrolTotp).toBe(true);
    // Until the owner enrols a second factor, only enrolment is allowed.
    expect((await staffCall('GET', '/dashboard', { token: first.data.token })).code).toBe(5106);
    secrets.owner = await enrol(first.data.token);
    tokens.owner = first.data.token;
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      const created = await staffCall('POST', '/staff', {
        token: tokens.owner,
        body: { email: `${role}@test.local`, name: role, role, password: PASSWORD },
      });
      expect(created.code, created.msg).toBe(1);
      const r = await login(`${role}@test.local`, PASSWORD);
      expect(r.code).toBe(1);
      tokens[role] = r.data.token;
      expect(r.data.mustEnrolTotp).toBe(role === 'finance');
      if (role === 'finance') secrets.finance = await enrol(r.data.token);
    }
  }, 120_000);
  afterAll(() => s?.stop());

  it('lets each role use exactly the calls its contract allows; no token, a trader token or a bad one are refused', async () => {
    const trader = (await getJson(s, '/api/user/createAccountDemoForU?demo_id=bo-matrix-0001')).data
      .token as string;
    const restricted = ALL_STAFF_CALLS.filter((c) => Array.isArray(c.access)) as StaffCallContract[];
    expect(restricted.length).toBeGreaterThan(15);
    for (const c of restricted) {
      // Ids that exist nowhere and empty bodies: an allowed role gets past the role check (to a
      // validation or not-found refusal, or success), a refused one stops at it.
      const path = c.path.replace(':id', '999999');
      for (const role of STAFF_ROLES) {
        const r = await staffCall(c.method, path, { token: tokens[role] });
        const allowed = role === 'owner' || (c.access as readonly string[]).includes(role);
        if (allowed)
          expect([5107, 999, 5106], `${role} ${c.method} ${c.path}: ${r.msg}`).not.toContain(r.code);
        else expect(r.code, `${role} ${c.method} ${c.path}`).toBe(5107);
      }
      for (const token of [undefined, trader, 'stf_not-a-real-token-000000000']) {
        const r = await staffCall(c.method, path, token ? { token } : {});
        expect(r.code, `${c.method} ${c.path} with ${token ? 'a foreign token' : 'no token'}`).toBe(999);
      }
    }
    // The declared matrix says what a broker expects (not only what the contracts say).
    const may = (role: StaffRole, path: string, method = 'POST') =>
      STAFF_ROLES.includes(role) &&
      (role === 'owner' ||
        (
          restricted.find((c) => c.path === path && c.method === method)!.access as readonly string[]
        ).includes(role));
    expect(may('finance', '/users/:id/adjust')).toBe(true);
    expect(may('support', '/users/:id/adjust')).toBe(false);
    expect(may('dealer', '/users/:id/adjust')).toBe(false);
    expect(may('compliance', '/users/:id/freeze')).toBe(true);
    expect(may('support', '/users/:id/freeze')).toBe(false);
    expect(may('dealer', '/instruments/:id')).toBe(true);
    expect(may('finance', '/instruments/:id')).toBe(false);
    expect(may('compliance', '/settings')).toBe(false);
    expect(may('content', '/users', 'GET')).toBe(false);
    // A staff token is not a trader's session either.
    expect((await getJson(s, '/api/user/info', { authorization: tokens.owner })).code).toBe(999);
  });

  it('asks for the second factor, refuses a wrong or replayed code, and limits sign-in attempts', async () => {
    expect((await login('finance@test.local', PASSWORD)).code).toBe(5102);
    expect((await login('finance@test.local', PASSWORD, '000000', '10.0.0.1')).code).toBe(5103);
    // The code accepted at enrolment cannot be used again.
    const replay = await login('finance@test.local', PASSWORD, currentTotp(secrets.finance!), '10.0.0.1');
    expect([1, 5103]).toContain(replay.code);
    if (replay.code === 1) {
      expect(
        (await login('finance@test.local', PASSWORD, currentTotp(secrets.finance!), '10.0.0.1')).code,
      ).toBe(5103);
    }
    for (let i = 0; i < 5; i++)
      expect((await login('support@test.local', 'wrong-password-1', undefined, `10.0.1.${ip++}`)).code).toBe(
        5101,
      );
    expect((await login('support@test.local', PASSWORD, undefined, `10.0.1.${ip++}`)).code).toBe(5104);
    expect((await login('nobody@test.local', 'whatever-1234')).code).toBe(5101);
    // Guesses sent in parallel are counted as they arrive: five are checked, the rest refused.
    const parallel = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login('ghost-staff@test.local', `wrong-password-${i}`, undefined, `10.0.2.${i}`),
      ),
    );
    expect(parallel.filter((r) => r.code === 5101)).toHaveLength(5);
    expect(parallel.filter((r) => r.code === 5104)).toHaveLength(7);
  });

  it('refuses a new staff password equal to the current one (the change would end other sessions for nothing)', async () => {
    const r = await staffCall('POST', '/auth/password', {
      token: tokens.dealer,
      body: { current: PASSWORD, next: PASSWORD },
    });
    expect(r).toMatchObject({ code: 3304, msg: 'The new password must differ from the current one' });
    expect((await staffCall('GET', '/auth/me', { token: tokens.dealer })).code).toBe(1);
  });

  it('keeps TOTP seeds sealed in the database, each bound to its staff member', async () => {
    const rows = (
      (await s.database.db.execute(
        sql`select id, email, totp_secret, totp_pending_secret from staff_users where email in (${OWNER.email}, 'finance@test.local') order by id`,
      )) as unknown as { rows: Array<{ id: number; email: string; totp_secret: string | null }> }
    ).rows;
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      const seed = r.email === OWNER.email ? secrets.owner! : secrets.finance!;
      expect(r.totp_secret!.startsWith('v1.')).toBe(true);
      expect(r.totp_secret).not.toContain(seed);
    }
    // The finance seed copied onto the dealer's row does not open there: the dealer cannot sign in with
    // finance's codes (a server error, logged with the reason, rather than a code accepted).
    await s.database.db.execute(
      sql`update staff_users set totp_secret = ${rows[1]!.totp_secret} where email = 'dealer@test.local'`,
    );
    // Six times: a seed we cannot open is our fault, never counted as a guess (no lock-out, 5104).
    for (let i = 0; i < 6; i++) {
      const r = await login('dealer@test.local', PASSWORD, currentTotp(secrets.finance!), `10.0.3.${i}`);
      expect(r.code).toBe(1500);
    }
    await s.database.db.execute(
      sql`update staff_users set totp_secret = null where email = 'dealer@test.local'`,
    );
    // A pending enrolment is sealed too.
    const start = await staffCall('POST', '/auth/totp/start', { token: tokens.support });
    const pending = (
      (await s.database.db.execute(
        sql`select totp_pending_secret from staff_users where email = 'support@test.local'`,
      )) as unknown as { rows: Array<{ totp_pending_secret: string }> }
    ).rows[0]!.totp_pending_secret;
    expect(pending.startsWith('v1.')).toBe(true);
    expect(pending).not.toContain(start.data.secret);
    await s.database.db.execute(
      sql`update staff_users set totp_pending_secret = null where email = 'support@test.local'`,
    );
  });

  it('shows a trader a balance cut to the cent, never more than is held', async () => {
    const trader = await registerEmail(s, 'cents@test.local');
    const credit = await staffCall('POST', `/users/${trader.user.id}/adjust`, {
      token: tokens.finance,
      body: { amount: '848.249872', memo: 'Fractions of a cent' },
    });
    expect(credit.code, credit.msg).toBe(1);
    // Half-even showed 848.25, which no withdrawal could take.
    const bal = await getJson(s, '/v1/api/main/wallet/getBalance', { authorization: trader.token });
    expect(bal.data.balance).toBe('848.24');
    const info = await getJson(s, '/api/user/info', { authorization: trader.token });
    expect(info.data.balance).toBe('848.24');
    const summary = await getJson(s, '/v1/api/main/account/forexDetail', { authorization: trader.token });
    expect(summary.data.balance).toBe('848.24');
  });

  it("shows a user's invitation tree: the inviters above, the down-line by level, direct invitees paged", async () => {
    const a = await registerEmail(s, 'tree-a@test.local');
    const b = await registerEmail(s, 'tree-b@test.local', 'secret123', a.user.invite_code);
    const c = await registerEmail(s, 'tree-c@test.local', 'secret123', b.user.invite_code);
    const d = await registerEmail(s, 'tree-d@test.local', 'secret123', b.user.invite_code);
    const e = await registerEmail(s, 'tree-e@test.local', 'secret123', c.user.invite_code);
    const tree = (id: number) => staffCall('GET', `/users/${id}/referrals`, { token: tokens.support });
    const invitees = (id: number, query: Record<string, string> = {}) =>
      staffCall('GET', `/users/${id}/invitees`, { token: tokens.support, query });

    const top = await tree(a.user.id);
    expect(top.code).toBe(1);
    expect(top.data).toEqual({
      upline: [], // registered with the platform's code
      uplineTruncated: false,
      levels: [
        { level: 1, count: 1 },
        { level: 2, count: 2 },
        { level: 3, count: 1 },
      ],
      deeper: false,
      capped: false,
    });
    expect((await invitees(a.user.id)).data).toMatchObject({
      total: 1,
      rows: [{ id: b.user.id, uid: b.user.uid, invited: 2 }],
    });

    const leaf = await tree(e.user.id);
    expect(leaf.data.upline).toEqual([
      { id: c.user.id, uid: c.user.uid },
      { id: b.user.id, uid: b.user.uid },
      { id: a.user.id, uid: a.user.uid },
    ]);
    expect(leaf.data.levels).toEqual([]);
    expect((await invitees(e.user.id)).data).toEqual({ rows: [], total: 0 });

    // Newest first, paged by the server, each with how many they invited.
    const first = await invitees(b.user.id, { pageSize: '1' });
    expect(first.data).toMatchObject({ total: 2, rows: [{ id: d.user.id, invited: 0 }] });
    const second = await invitees(b.user.id, { pageSize: '1', page: '2' });
    expect(second.data).toMatchObject({
      total: 2,
      rows: [{ id: c.user.id, invited: 1, email: 'tree-c@test.local' }],
    });

    // Deeper than the levels counted: a chain of 60 below e (inviters set directly; codes are not the point).
    const chain: number[] = [];
    let parent = e.user.id;
    for (let i = 1; i <= 60; i++) {
      const r = (await s.database.db.execute(sql`
        insert into users (uid, invite_code, inviter_id) values (${`T${900000 + i}`}, ${`TREE${i}`}, ${parent})
        returning id`)) as unknown as { rows: Array<{ id: number | string }> };
      parent = Number(r.rows[0]!.id);
      chain.push(parent);
    }
    const deep = await tree(e.user.id);
    expect(deep.data.levels).toHaveLength(10);
    expect(deep.data.levels.every((l: { count: number }) => l.count === 1)).toBe(true);
    expect(deep.data).toMatchObject({ deeper: true, capped: false });
    // The 11th below e sees 10 of the chain, e, c, b, a: the whole way up.
    expect((await tree(chain[10]!)).data).toMatchObject({ uplineTruncated: false });
    expect((await tree(chain[10]!)).data.upline).toHaveLength(14);
    // The last sees 50 of its 63 inviters, and is told the chain goes on.
    const bottom = await tree(chain[59]!);
    expect(bottom.data.upline).toHaveLength(50);
    expect(bottom.data.upline[0]).toEqual({ id: chain[58], uid: 'T900059' });
    expect(bottom.data.uplineTruncated).toBe(true);
    expect((await tree(chain[46]!)).data.uplineTruncated).toBe(false); // exactly 50 above it (46 + e, c, b, a), the last the first account
    expect((await tree(999_999)).code).not.toBe(1);
    expect((await invitees(999_999)).code).not.toBe(1);
  });

  it('stops counting a huge down-line at the cap, and says so', async () => {
    const root = await registerEmail(s, 'tree-big@test.local');
    // 50 001 direct invitees in one statement: more than the count walks.
    await s.database.db.execute(sql`
      insert into users (uid, invite_code, inviter_id)
      select 'B' || g, 'BIG' || g, ${root.user.id} from generate_series(1, ${REFERRAL_COUNT_CAP + 1}) g`);
    const r = await staffCall('GET', `/users/${root.user.id}/referrals`, { token: tokens.support });
    expect(r.data).toMatchObject({ capped: true, levels: [{ level: 1, count: REFERRAL_COUNT_CAP + 1 }] });
    const page = await staffCall('GET', `/users/${root.user.id}/invitees`, {
      token: tokens.support,
      query: { pageSize: '2' },
    });
    expect(page.data.total).toBe(REFERRAL_COUNT_CAP + 1);
  });

  it('audits a wallet setting change with what it was before', async () => {
    const config = await staffCall('GET', '/wallet/config', { token: tokens.finance });
    const usdt = config.data.drawCurrencies.find((c: any) => c.code === 'USDT' && c.protocol === 'TRC20');
    const saved = await staffCall('POST', '/wallet/draw-currencies', {
      token: tokens.finance,
      body: { ...usdt, drawRate: '2.5' },
    });
    expect(saved.code, saved.msg).toBe(1);
    const a = await lastAudit();
    expect(a.action).toBe('wallet.draw_currency.updated');
    expect(a.before).toEqual(usdt);
    expect(a.after).toEqual({ ...usdt, drawRate: '2.5' });
    await staffCall('POST', '/wallet/draw-currencies', { token: tokens.finance, body: usdt });
    // A new row has nothing before it.
    const created = await staffCall('POST', '/wallet/bank-channels', {
      token: tokens.finance,
      body: { name: 'Audit test channel', enabled: false },
    });
    expect(created.code, created.msg).toBe(1);
    expect((await lastAudit()).before).toBeNull();
  });

  it('adjusts a balance through the ledger (type 10 with the memo), audited with before and after', async () => {
    const trader = await registerEmail(s, 'adjust-me@test.local');
    const before = await auditCount();
    const credit = await staffCall('POST', `/users/${trader.user.id}/adjust`, {
      token: tokens.finance,
      body: { amount: '250.50', memo: 'Goodwill credit' },
    });
    expect(credit.code, credit.msg).toBe(1);
    expect(credit.data.balance).toBe('250.50');
    expect(await auditCount()).toBe(before + 1);
    const a = await lastAudit();
    expect(a).toMatchObject({
      action: 'user.balance_adjusted',
      target_type: 'user',
      target_id: String(trader.user.id),
      staff_email: 'finance@test.local',
    });
    expect(a.before).toEqual({ balance: '0.00' });
    expect(a.after).toMatchObject({ balance: '250.50', amount: '250.50', memo: 'Goodwill credit' });
    // The trader sees it, and the ledger entry carries the memo.
    const bal = await getJson(s, '/v1/api/main/wallet/getBalance', { authorization: trader.token });
    expect(bal.data.balance).toBe('250.50');
    const ledger = await staffCall('GET', `/users/${trader.user.id}/ledger`, { token: tokens.finance });
    expect(ledger.data.rows[0]).toMatchObject({ type: 10, balanceDelta: '250.50', memo: 'Goodwill credit' });
    // A debit beyond the balance is refused and writes nothing.
    const n = await auditCount();
    const over = await staffCall('POST', `/users/${trader.user.id}/adjust`, {
      token: tokens.finance,
      body: { amount: '-1000', memo: 'Too much' },
    });
    expect(over.code).toBe(5114);
    expect(await auditCount()).toBe(n);
    expect(
      (
        await staffCall('POST', `/users/${trader.user.id}/adjust`, {
          token: tokens.finance,
          body: { amount: '1e3', memo: 'float' },
        })
      ).code,
    ).toBe(1001);
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it("refuses a demo account's adjustment, and a debit that would take what an open position is losing", async () => {
    const demo = (await getJson(s, '/api/user/createAccountDemoForU?demo_id=bo-adjust-demo-01')).data;
    const toDemo = await staffCall('POST', `/users/${demo.user.id}/adjust`, {
      token: tokens.finance,
      body: { amount: '5000', memo: 'Bonus' },
    });
    expect(toDemo.code).toBe(5119);
    const trader = await registerEmail(s, 'adjust-open@test.local');
    const adjust = (amount: string) =>
      staffCall('POST', `/users/${trader.user.id}/adjust`, {
        token: tokens.finance,
        body: { amount, memo: 'Correction' },
      });
    expect((await adjust('1000')).code).toBe(1);
    const btc = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0];
    const opened = await getJson(
      s,
      `/v1/api/forex/submit?type=1&cont=0.01&forex_id=${btc.Id}&status=1&multiple=10`,
      { authorization: trader.token },
    );
    expect(opened.code, opened.msg).toBe(1);
    const detail = (await staffCall('GET', `/users/${trader.user.id}`, { token: tokens.finance })).data;
    expect(detail.live.map((r: any) => [r.id, r.demo])).toEqual([[opened.data.Id, false]]);
    // Staff see the account's risk as the trader does (same figures at the same marks).
    const traderView = (await getJson(s, '/v1/api/main/account/forexDetail', { authorization: trader.token }))
      .data;
    expect(detail.account).toEqual(traderView);
    expect(detail.account.RiskStatus).toBe('ok');
    expect(Number(detail.account.HazardRate)).toBeGreaterThan(100);
    // The owner's preview of new levels counts this account at a stop-out level just above its
    // risk rate, and not at one just below (what saving such a level would close on the next tick).
    const impact = async (level: number) =>
      (
        await staffCall(
          'GET',
          `/settings/risk-impact?stopOut=${level.toFixed(2)}&marginCall=${Math.min(999, level + 1).toFixed(2)}`,
          { token: tokens.owner },
        )
      ).data;
    const rate = Number(detail.account.HazardRate);
    const [above, below] = [await impact(Math.min(999, rate + 0.5)), await impact(rate - 0.5)];
    expect(above.stopOut.accounts - below.stopOut.accounts).toBeGreaterThanOrEqual(1);
    expect(above.stopOut.positions - below.stopOut.positions).toBeGreaterThanOrEqual(1);
    expect(above.marginCall.accounts).toBeGreaterThanOrEqual(above.stopOut.accounts);
    expect(
      (await staffCall('GET', '/settings/risk-impact?stopOut=50&marginCall=100', { token: tokens.dealer }))
        .code,
    ).toBe(5107);
    // Bought at the ask, valued at the bid: the position is losing the spread at once.
    const balance = (await getJson(s, '/v1/api/main/wallet/getBalance', { authorization: trader.token })).data
      .balance as string;
    const whole = await adjust(`-${balance}`);
    expect(whole.code).toBe(5114); // the balance alone would allow it; the loss does not
    // Staff are told how much they may take: the balance less the position's loss.
    const most = /at most ([\d.,]+) USD/.exec(whole.msg)?.[1]?.replaceAll(',', '');
    expect(Number(most)).toBeGreaterThan(Number(balance) - 5);
    expect(Number(most)).toBeLessThan(Number(balance));
    const within = await adjust(`-${(Number(balance) - 5).toFixed(2)}`);
    expect(within.code, within.msg).toBe(1);
    // With nothing open, a balance's fractions of a cent can be taken to the last micro-dollar.
    const flat = await registerEmail(s, 'adjust-flat@test.local');
    const adjustFlat = (amount: string) =>
      staffCall('POST', `/users/${flat.user.id}/adjust`, {
        token: tokens.finance,
        body: { amount, memo: 'Correction' },
      });
    const fractional = await adjustFlat('12.345678');
    expect([fractional.code, fractional.data.balance]).toEqual([1, '12.345678']);
    // Staff see the exact figure to take (the trader's app shows cents), in the ledger too.
    const flatLedger = (await staffCall('GET', `/users/${flat.user.id}/ledger`, { token: tokens.finance }))
      .data;
    expect(flatLedger.rows[0]).toMatchObject({ balanceDelta: '12.345678', balanceAfter: '12.345678' });
    expect((await lastAudit()).after).toMatchObject({ balance: '12.345678', amount: '12.345678' });
    const emptied = await adjustFlat('-12.345678');
    expect(emptied.code, emptied.msg).toBe(1);
    expect(emptied.data.balance).toBe('0.00');
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('runs the ledger reconciliation for finance and compliance, and names an account that differs', async () => {
    const check = async () => (await staffCall('GET', '/reconciliation', { token: tokens.finance })).data;
    const clean = await check();
    expect(clean.mismatched).toEqual([]);
    expect(clean.accounts).toBeGreaterThan(0);
    expect(Date.parse(clean.checkedAt)).toBeGreaterThan(0);
    // A balance written behind the ledger's back (a bug, a hand-made fix) is found and named.
    const trader = await registerEmail(s, 'reconcile-me@test.local');
    await s.database.db.execute(sql`update users set balance = balance + 12.5 where id = ${trader.user.id}`);
    const found = await staffCall('GET', '/reconciliation', { token: tokens.compliance });
    expect(found.data.mismatched).toEqual([
      {
        userId: trader.user.id,
        balance: '12.500000',
        lockBalance: '0.000000',
        margin: '0.000000',
        ledgerBalance: expect.stringMatching(/^0(\.0+)?$/),
        ledgerLock: expect.stringMatching(/^0(\.0+)?$/),
        ledgerMargin: expect.stringMatching(/^0(\.0+)?$/),
      },
    ]);
    await s.database.db.execute(sql`update users set balance = balance - 12.5 where id = ${trader.user.id}`);
    expect((await check()).mismatched).toEqual([]);
  });

  it('answers a repeated adjustment with its Idempotency-Key once, and refuses the key for another request', async () => {
    const trader = await registerEmail(s, 'adjust-once@test.local');
    const adjust = (amount: string, key = 'adjust-once-0001') =>
      staffCall('POST', `/users/${trader.user.id}/adjust`, {
        token: tokens.finance,
        body: { amount, memo: 'Goodwill credit' },
        headers: { 'idempotency-key': key },
      });
    const entries = () =>
      sqlCount(
        s,
        sql`select count(*) as n from ledger_entries where user_id = ${trader.user.id} and type = 10`,
      );
    const audits = await auditCount();
    const first = await adjust('100');
    expect(first.code, first.msg).toBe(1);
    expect(first.data.balance).toBe('100.00');
    expect(await adjust('100')).toEqual(first);
    expect(await entries()).toBe(1);
    expect(await auditCount()).toBe(audits + 1);
    // The same key for another request is refused, not answered with the first one's answer.
    expect((await adjust('200')).code).toBe(1005);
    // Staff keys are kept apart from traders' (staff ids are another table's ids).
    const keys = (await s.database.db.execute(
      sql`select key from idempotency_keys where key like '%adjust-once-0001'`,
    )) as unknown as { rows: Array<{ key: string }> };
    expect(keys.rows.map((r) => r.key)).toEqual(['staff /users/:id/adjust adjust-once-0001']);
    // A retry whose first answer was lost (its key freed) still moves the money once: the ledger
    // entry is named after the key.
    await s.database.db.execute(sql`delete from idempotency_keys where key like '%adjust-once-0001'`);
    const again = await adjust('100');
    expect(again.code, again.msg).toBe(1);
    expect(again.data.balance).toBe('100.00');
    expect(await entries()).toBe(1);
    // Once the key is forgotten (pruned after a day), the same key for another amount is another
    // adjustment: its traces are those of the request it named, not of this one.
    await s.database.db.execute(sql`delete from idempotency_keys where key like '%adjust-once-0001'`);
    const reused = await adjust('50');
    expect(reused.code, reused.msg).toBe(1);
    expect(reused.data.balance).toBe('150.00');
    expect(await entries()).toBe(2);
    // Another key is another adjustment.
    expect((await adjust('100', 'adjust-once-0002')).data.balance).toBe('250.00');
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('freezes trading (orders refused with a clear message) and login (sessions end), audited', async () => {
    const trader = await registerEmail(s, 'freeze-me@test.local');
    await staffCall('POST', `/users/${trader.user.id}/adjust`, {
      token: tokens.owner,
      body: { amount: '50000', memo: 'Funding' },
    });
    const btc = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0];
    const order = () =>
      getJson(s, `/v1/api/forex/submit?type=1&cont=0.01&forex_id=${btc.Id}&status=1&multiple=10`, {
        authorization: trader.token,
      });
    expect((await order()).code).toBe(1);
    const frozen = await staffCall('POST', `/users/${trader.user.id}/freeze`, {
      token: tokens.compliance,
      body: { login: false, trading: true, reason: 'KYC review' },
    });
    expect(frozen.data).toMatchObject({
      tradingFrozen: true,
      loginFrozen: false,
      frozenReason: 'KYC review',
    });
    const refused = await order();
    expect(refused).toMatchObject({
      code: 4024,
      msg: 'Trading is suspended on this account. Please contact customer service',
    });
    expect((await lastAudit()).after).toMatchObject({ tradingFrozen: true, reason: 'KYC review' });

    await staffCall('POST', `/users/${trader.user.id}/freeze`, {
      token: tokens.compliance,
      body: { login: true, trading: true, reason: 'Fraud suspicion' },
    });
    expect((await getJson(s, '/api/user/info', { authorization: trader.token })).code).toBe(999);
    const again = await postForm(s, '/api/user/loginForU', {
      login_type: 1,
      account: 'freeze-me@test.local',
      password: 'secret123',
    });
    expect(again.code).toBe(3204);
    await staffCall('POST', `/users/${trader.user.id}/freeze`, {
      token: tokens.compliance,
      body: { login: false, trading: false, reason: 'Cleared' },
    });
    const back = await postForm(s, '/api/user/loginForU', {
      login_type: 1,
      account: 'freeze-me@test.local',
      password: 'secret123',
    });
    expect(back.code).toBe(1);
    expect(
      (
        await getJson(s, `/v1/api/forex/submit?type=1&cont=0.01&forex_id=${btc.Id}&status=1&multiple=10`, {
          authorization: back.data.token,
        })
      ).code,
    ).toBe(1);
    // The audit names the user by the UID staff know (the entry keeps the internal id).
    const audit = await staffCall('GET', '/audit', {
      token: tokens.compliance,
      query: { action: 'user.freeze', targetId: String(trader.user.id) },
    });
    expect(audit.data.rows.length).toBeGreaterThanOrEqual(2);
    for (const row of audit.data.rows) expect(row).toMatchObject({ targetUid: trader.user.uid });
    const other = await staffCall('GET', '/audit', {
      token: tokens.compliance,
      query: { targetType: 'instrument' },
    });
    for (const row of other.data.rows) expect(row.targetUid).toBeNull();
  });

  it('changes an instrument live: the next quotes carry the new spread; audited', async () => {
    const list = await staffCall('GET', '/instruments', { token: tokens.dealer });
    const eur = list.data.find((i: any) => i.code === 'EURUSD');
    const r = await staffCall('POST', `/instruments/${eur.id}`, {
      token: tokens.dealer,
      body: { spreadPoints: 40, maxLotsPerOrder: '5' },
    });
    expect(r.code, r.msg).toBe(1);
    expect(r.data).toMatchObject({ spreadPoints: 40, maxLotsPerOrder: '5' });
    // A change that makes the limits contradict the stored ones is refused and changes nothing.
    const update = (body: object) =>
      staffCall('POST', `/instruments/${eur.id}`, { token: tokens.dealer, body });
    for (const [bad, field] of [
      [{ minLots: '0.015' }, 'minLots'],
      [{ lotStep: '0.02', minLots: '0.01' }, 'minLots'],
      [{ minLots: '6' }, 'maxLotsPerOrder'],
      [{ maxOpenLots: '0.001' }, 'maxOpenLots'],
    ] as const) {
      const refused = await update(bad);
      expect([refused.code, refused.msg], JSON.stringify(bad)).toEqual([
        1001,
        expect.stringContaining(field),
      ]);
    }
    expect(
      (await staffCall('GET', '/instruments', { token: tokens.dealer })).data.find(
        (i: any) => i.id === eur.id,
      ),
    ).toMatchObject({
      lotStep: eur.lotStep,
      minLots: eur.minLots,
      maxLotsPerOrder: '5',
      maxOpenLots: eur.maxOpenLots,
    });
    const a = await lastAudit();
    expect(a).toMatchObject({ action: 'instrument.updated', target_id: String(eur.id) });
    expect(a.before.spreadPoints).toBe(eur.spreadPoints);
    expect(a.after.spreadPoints).toBe(40);
    s.tick(5_000);
    const q = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=EURUSD')).data[0].ForexQuotations;
    expect(Math.round((q.Ask - q.Bid) * 10 ** 5)).toBe(40);
    // The new per-order limit applies to the next order.
    const token = (await getJson(s, '/api/user/createAccountDemoForU?demo_id=bo-limit-0001')).data.token;
    const big = await getJson(
      s,
      `/v1/api/forex/submit?type=1&cont=6&forex_id=${eur.id}&status=1&multiple=100`,
      { authorization: token },
    );
    expect(big.code).toBe(4008);
    expect(big.msg).toBe('The quantity is above the maximum per order (maximum 5)'); // the limit is named
    const listed = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=EURUSD')).data[0];
    expect(listed.ForexMaxCont).toBe('5'); // and the trade form can say it before
    // The open-lots limit counts the account's open and pending lots on the instrument; a cancel or
    // a close gives the room back.
    await staffCall('POST', `/instruments/${eur.id}`, { token: tokens.dealer, body: { maxOpenLots: '1.5' } });
    const order = (q: string) =>
      getJson(s, `/v1/api/forex/submit?forex_id=${eur.id}&multiple=100&${q}`, { authorization: token });
    const held = await order('type=1&status=1&cont=1');
    expect(held.code, held.msg).toBe(1);
    const ask = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=EURUSD')).data[0].ForexQuotations
      .Ask;
    const pending = await order(`type=1&status=0&cont=0.5&target_price=${(ask * 0.9).toFixed(5)}`);
    expect(pending.code, pending.msg).toBe(1);
    const over = await order('type=2&status=1&cont=0.01');
    expect([over.code, over.msg]).toEqual([
      4009,
      'This would exceed the maximum open lots for this product (maximum 1.5)',
    ]); // sells count too: 1.51 > 1.5
    const cancel = await getJson(s, `/v1/api/forex/cancel_trade?id=${pending.data.Id}`, {
      authorization: token,
    });
    expect(cancel.code, cancel.msg).toBe(1);
    expect((await order('type=2&status=1&cont=0.5')).code).toBe(1);
    expect((await order('type=1&status=1&cont=0.01')).code).toBe(4009);
    expect((await getJson(s, `/v1/api/forex/close?id=${held.data.Id}`, { authorization: token })).code).toBe(
      1,
    );
    expect((await order('type=1&status=1&cont=1')).code).toBe(1);
    await staffCall('POST', `/instruments/${eur.id}`, {
      token: tokens.dealer,
      body: { maxOpenLots: eur.maxOpenLots },
    });
    // Disabled: gone from the trade list, new orders refused.
    await staffCall('POST', `/instruments/${eur.id}`, { token: tokens.dealer, body: { enabled: false } });
    expect((await getJson(s, '/v1/api/forex/trade_list?searchCurrency=EURUSD')).data).toEqual([]);
    expect(
      (
        await getJson(s, `/v1/api/forex/submit?type=1&cont=0.01&forex_id=${eur.id}&status=1&multiple=100`, {
          authorization: token,
        })
      ).code,
    ).toBe(2001);
    await staffCall('POST', `/instruments/${eur.id}`, {
      token: tokens.dealer,
      body: { enabled: true, spreadPoints: eur.spreadPoints, maxLotsPerOrder: eur.maxLotsPerOrder },
    });
    // Two dealers at once, each change agreeing with the row alone but not with the other's:
    // one is saved, the other refused, and the stored limits agree.
    const [raised, lowered] = await Promise.all([update({ minLots: '2' }), update({ maxLotsPerOrder: '1' })]);
    expect([raised.code, lowered.code].sort()).toEqual([1, 1001]);
    const stored = (await staffCall('GET', '/instruments', { token: tokens.dealer })).data.find(
      (i: any) => i.id === eur.id,
    );
    expect(lotLimitProblems(stored)).toEqual([]);
    await update({ minLots: eur.minLots, maxLotsPerOrder: eur.maxLotsPerOrder });
    // A spread wider than 1 % of the price (a typo: 5000 points for 50) is refused, naming the most
    // allowed; so is a precision change that would make the stored spread that wide.
    const wide = await update({ spreadPoints: 5000 });
    expect(wide.code).toBe(5120);
    const most = Number(/([\d,]+) points/.exec(wide.msg)?.[1]?.replaceAll(',', ''));
    expect(most).toBeGreaterThan(900); // EURUSD near 1.1: 1 % is ~1 100 points at 5 decimals
    expect(most).toBeLessThan(1300);
    expect((await update({ spreadPoints: most })).code).toBe(1);
    expect((await update({ spreadPoints: most, pricePrecision: 4 })).code).toBe(5120);
    expect((await update({ spreadPoints: eur.spreadPoints })).code).toBe(1);
  });

  it('creates an instrument that quotes at once, has chart history and can be traded; changes its session live', async () => {
    const cats = await staffCall('GET', '/categories', { token: tokens.dealer });
    const crypto = cats.data.find((c: any) => c.key === 'crypto');
    const body = {
      code: 'TRXUSD',
      showCode: 'TRX/USD',
      categoryId: crypto.id,
      baseCurrency: 'TRX',
      quoteCurrency: 'USD',
      pricePrecision: 5,
      spreadPoints: 20,
      lotStep: '1',
      minLots: '1',
      contractSize: '1000',
      feeRate: '0.003',
      marginMode: 2,
      leverageOptions: [5, 2, 5],
      session: 'crypto',
      referencePrice: '0.25',
    };
    expect((await staffCall('POST', '/instruments', { token: tokens.support, body })).code).toBe(5107);
    // Lot limits that contradict each other are refused, naming the field; nothing is created.
    for (const [bad, field] of [
      [{ minLots: '1.5' }, 'minLots'],
      [{ minLots: '2', maxLotsPerOrder: '1' }, 'maxLotsPerOrder'],
      [{ minLots: '5', maxOpenLots: '4' }, 'maxOpenLots'],
    ] as const) {
      const refused = await staffCall('POST', '/instruments', {
        token: tokens.dealer,
        body: { ...body, ...bad },
      });
      expect([refused.code, refused.msg]).toEqual([1001, expect.stringContaining(field)]);
    }
    const created = await staffCall('POST', '/instruments', { token: tokens.dealer, body });
    expect(created.code, created.msg).toBe(1);
    expect(created.data).toMatchObject({ code: 'TRXUSD', leverageOptions: [2, 5], enabled: true });
    expect(await lastAudit()).toMatchObject({
      action: 'instrument.created',
      target_id: String(created.data.id),
    });
    expect((await staffCall('POST', '/instruments', { token: tokens.dealer, body })).code).toBe(5116);
    s.tick(5_000);
    const listed = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=TRXUSD')).data[0];
    expect(listed).toMatchObject({ Code: 'TRXUSD', MarketStatus: 1 });
    expect(Math.round((listed.ForexQuotations.Ask - listed.ForexQuotations.Bid) * 1e5)).toBe(20);
    const candles = await getJson(s, `/v1/api/forex/kline?forex_id=${listed.Id}&period=1day`);
    expect(candles.data.length).toBeGreaterThan(3);
    const token = (await getJson(s, '/api/user/createAccountDemoForU?demo_id=bo-trx-00001')).data.token;
    const order = await getJson(
      s,
      `/v1/api/forex/submit?type=1&cont=1&forex_id=${listed.Id}&status=1&multiple=5`,
      { authorization: token },
    );
    expect(order.code, order.msg).toBe(1);
    // A session change applies live: Asian equity hours are over by Wednesday noon UTC, so the
    // instrument shows closed and orders are refused.
    const moved = await staffCall('POST', `/instruments/${listed.Id}`, {
      token: tokens.dealer,
      body: { session: 'asia_equity' },
    });
    expect(moved.data.session).toBe('asia_equity');
    expect((await getJson(s, '/v1/api/forex/trade_list?searchCurrency=TRXUSD')).data[0].MarketStatus).toBe(0);
    expect(
      (
        await getJson(s, `/v1/api/forex/submit?type=1&cont=1&forex_id=${listed.Id}&status=1&multiple=5`, {
          authorization: token,
        })
      ).code,
    ).toBe(4001);
    await staffCall('POST', `/instruments/${listed.Id}`, {
      token: tokens.dealer,
      body: { session: 'crypto' },
    });
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('disables and re-enables a category live: its instruments leave and return to the trade list', async () => {
    const cats = await staffCall('GET', '/categories', { token: tokens.content });
    const metals = cats.data.find((c: any) => c.key === 'metals');
    const gold = async () => (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=XAUUSD')).data.length;
    expect(await gold()).toBe(1);
    const xau = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=XAUUSD')).data[0];
    const token = (await getJson(s, '/api/user/createAccountDemoForU?demo_id=bo-hidden-cat-01')).data.token;
    const buyGold = async () =>
      (
        await getJson(s, `/v1/api/forex/submit?type=1&cont=0.01&forex_id=${xau.Id}&status=1&multiple=10`, {
          authorization: token,
        })
      ).code;
    expect(await buyGold()).toBe(1);
    const off = await staffCall('POST', `/categories/${metals.id}`, {
      token: tokens.content,
      body: { enabled: false },
    });
    expect(off.data.enabled).toBe(false);
    expect(await gold()).toBe(0);
    expect((await getJson(s, '/v1/api/forex/getCategories')).data.map((c: any) => c.Key)).not.toContain(
      'metals',
    );
    expect(await lastAudit()).toMatchObject({ action: 'category.updated', target_id: String(metals.id) });
    // Hidden: no new orders on its instruments (by id from an old screen or the API either).
    expect(await buyGold()).toBe(2001);
    await staffCall('POST', `/categories/${metals.id}`, { token: tokens.content, body: { enabled: true } });
    expect(await gold()).toBe(1);
    expect(await buyGold()).toBe(1);
  });

  it('closes a position as the house, shows it in the monitor and the exposure, and records an admin close', async () => {
    const token = (await getJson(s, '/api/user/createAccountDemoForU?demo_id=bo-close-0001')).data.token;
    const btc = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0];
    const o = await getJson(
      s,
      `/v1/api/forex/submit?type=1&cont=0.5&forex_id=${btc.Id}&status=1&multiple=10`,
      { authorization: token },
    );
    expect(o.code).toBe(1);
    const monitor = await staffCall('GET', '/positions', {
      token: tokens.dealer,
      query: { status: '1', instrumentId: String(btc.Id) },
    });
    expect(monitor.data.rows.map((r: any) => r.id)).toContain(o.data.Id);
    // Staff find a trader's positions by the UID they see, not by the internal id.
    const mine = monitor.data.rows.find((r: any) => r.id === o.data.Id);
    expect(mine.demo).toBe(true); // a demo account's position is marked as such
    const byUid = async (uid: string) =>
      staffCall('GET', '/positions', { token: tokens.dealer, query: { status: '1', uid } });
    expect((await byUid(mine.uid)).data.rows.map((r: any) => r.uid)).toEqual([mine.uid]);
    expect((await byUid(String(mine.userId))).data).toEqual({ rows: [], total: 0 });
    expect((await byUid('12ab')).code).toBe(1001);
    // The exposure and the counts are the real book's: the demo position is not in them (DESIGN §6),
    // a real account's is.
    const dashboard = async () => {
      const d = (await staffCall('GET', '/dashboard', { token: tokens.support })).data;
      const btcLots = Number(d.exposure.find((e: any) => e.code === 'BTCUSD')?.netLots ?? 0);
      return { btcLots, open: d.openPositions as number };
    };
    const withDemo = await dashboard();
    const real = await registerEmail(s, 'exposure-real@test.local');
    await staffCall('POST', `/users/${real.user.id}/adjust`, {
      token: tokens.finance,
      body: { amount: '20000', memo: 'Funding' },
    });
    const realOrder = await getJson(
      s,
      `/v1/api/forex/submit?type=1&cont=0.5&forex_id=${btc.Id}&status=1&multiple=10`,
      { authorization: real.token },
    );
    expect(realOrder.code, realOrder.msg).toBe(1);
    const withReal = await dashboard();
    expect(withReal.btcLots - withDemo.btcLots).toBeCloseTo(0.5, 8);
    expect(withReal.open - withDemo.open).toBe(1);
    const demoOnly = await getJson(
      s,
      `/v1/api/forex/submit?type=1&cont=0.3&forex_id=${btc.Id}&status=1&multiple=10`,
      { authorization: token },
    );
    expect(demoOnly.code).toBe(1);
    expect(await dashboard()).toEqual(withReal);
    const close = () =>
      staffCall('POST', `/orders/${o.data.Id}/close`, {
        token: tokens.dealer,
        body: { reason: 'Abusive trading' },
        headers: { 'idempotency-key': `close-${o.data.Id}-0001` },
      });
    const closed = await close();
    expect(closed.code, closed.msg).toBe(1);
    expect(closed.data).toMatchObject({ status: 3, closeReason: 'admin' });
    // A retry with the same key gets the first answer (not 'not found').
    expect(await close()).toEqual(closed);
    // Another close of it (a new key) is told the order has ended, not that it does not exist.
    const again = await staffCall('POST', `/orders/${o.data.Id}/close`, {
      token: tokens.dealer,
      body: { reason: 'Again' },
      headers: { 'idempotency-key': `close-${o.data.Id}-0002` },
    });
    expect([again.code, again.msg]).toEqual([5121, 'This order has already been closed or cancelled']);
    const missing = await staffCall('POST', '/orders/987654321/close', {
      token: tokens.dealer,
      body: { reason: 'Nothing' },
      headers: { 'idempotency-key': 'close-missing-0001' },
    });
    expect(missing.code).toBe(5112);
    expect(await lastAudit()).toMatchObject({ action: 'order.admin_close', target_id: String(o.data.Id) });
    const history = await getJson(s, '/v1/api/forex/my_deal?status=3', { authorization: token });
    expect(history.data.data[0]).toMatchObject({ Id: o.data.Id, CloseReason: 'admin' });
    // The user's history in the back office shows the close price, at the instrument's decimals.
    const staffHistory = await staffCall('GET', `/users/${closed.data.userId}/orders`, {
      token: tokens.support,
    });
    const ended = staffHistory.data.rows.find((r: any) => r.id === o.data.Id);
    const atPrecision = new RegExp(`^\\d+\\.\\d{${btc.PricePrecision}}$`);
    expect(ended.closePrice).toMatch(atPrecision);
    expect(ended.openPrice).toMatch(atPrecision);
    expect(Number(ended.closePrice)).toBe(history.data.data[0].UpdatePrice);
    expect(ended.currentPrice).toBeNull();
    // A pending order's current price is where it would fill now (a buy at the ask).
    const ask = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0].ForexQuotations
      .Ask;
    const limit = await getJson(
      s,
      `/v1/api/forex/submit?type=1&cont=0.1&forex_id=${btc.Id}&status=0&multiple=10&target_price=${(ask * 0.9).toFixed(2)}`,
      { authorization: token },
    );
    expect(limit.code, limit.msg).toBe(1);
    const pendingRows = await staffCall('GET', '/positions', {
      token: tokens.dealer,
      query: { status: '0', instrumentId: String(btc.Id) },
    });
    expect(pendingRows.data.rows.find((r: any) => r.id === limit.data.Id)?.currentPrice).toBe(
      ask.toFixed(btc.PricePrecision),
    );
    expect(
      (await getJson(s, `/v1/api/forex/cancel_trade?id=${limit.data.Id}`, { authorization: token })).code,
    ).toBe(1);
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('validates and applies platform settings at once; the audit log is append-only and searchable', async () => {
    expect(
      (await staffCall('POST', '/settings', { token: tokens.owner, body: { stop_out_level: '120' } })).code,
    ).toBe(5113);
    expect(
      (await staffCall('POST', '/settings', { token: tokens.owner, body: { trade_fee_type: '7' } })).code,
    ).toBe(1001);
    const setting = (body: Record<string, string>) =>
      staffCall('POST', '/settings', { token: tokens.owner, body });
    const basic = async () => (await getJson(s, '/api/basicSet/getBasicInfo')).data;
    // A stop-out at 0 % would never stop anything: refused as an invalid field, naming it.
    const zeroStop = await setting({ stop_out_level: '0' });
    expect([zeroStop.code, zeroStop.msg]).toEqual([1001, expect.stringContaining('stop_out_level')]);
    // The customer service link: http(s) only, type 3 (leave for the link) offered, and clearable.
    for (const bad of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://files.example.com/chat'])
      expect((await setting({ service_link: bad })).code, bad).toBe(1001);
    const linked = await setting({ service_link: ' https://help.example.com/chat ', service_link_type: '3' });
    expect(linked.code, linked.msg).toBe(1);
    expect(await basic()).toMatchObject({
      service_link: 'https://help.example.com/chat',
      service_link_type: 3,
    });
    expect((await setting({ service_link: '', service_link_type: '1' })).code).toBe(1);
    expect(await basic()).toMatchObject({ service_link: '', service_link_type: 1 });
    // A link saved before these checks (or written by hand) that is not http(s) is served as none.
    await s.database.db.execute(
      sql`update settings set value = 'javascript:alert(1)' where key = 'service_link'`,
    );
    expect((await basic()).service_link).toBe('');
    expect((await getJson(s, '/api/default/setting?key=service_link')).data).toEqual([
      expect.objectContaining({ key: 'service_link', value: '' }),
    ]);
    await s.database.db.execute(sql`update settings set value = '' where key = 'service_link'`);
    const r = await staffCall('POST', '/settings', {
      token: tokens.owner,
      body: { site_title: 'Meridian Markets', stop_out_level: '40' },
    });
    expect(r.code, r.msg).toBe(1);
    expect((await getJson(s, '/api/basicSet/getBasicInfo')).data.title).toBe('Meridian Markets');
    expect((await lastAudit()).after).toEqual({ site_title: 'Meridian Markets', stop_out_level: '40' });
    await expect(s.database.db.execute(sql`update staff_audit set action = 'x'`)).rejects.toThrow();
    await expect(s.database.db.execute(sql`delete from staff_audit`)).rejects.toThrow();
    const search = await staffCall('GET', '/audit', {
      token: tokens.compliance,
      query: { action: 'settings', targetType: 'settings' },
    });
    expect(search.data.total).toBeGreaterThanOrEqual(1);
    const csv = await s.app.inject({
      method: 'GET',
      url: `${STAFF_API_PREFIX}/audit.csv?action=settings`,
      headers: { authorization: `Bearer ${tokens.compliance}` },
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.startsWith('\uFEFF')).toBe(true); // Excel reads it as UTF-8
    expect(csv.body.split('\r\n')[0]).toContain('action');
    // Nothing matching: the header alone, not an empty file.
    const none = await s.app.inject({
      method: 'GET',
      url: `${STAFF_API_PREFIX}/audit.csv?action=no-such-action`,
      headers: { authorization: `Bearer ${tokens.compliance}` },
    });
    expect(none.body.replace('\uFEFF', '').split('\r\n')).toEqual([expect.stringContaining('action'), '']);
    const forbiddenCsv = await s.app.inject({
      method: 'GET',
      url: `${STAFF_API_PREFIX}/audit.csv`,
      headers: { authorization: `Bearer ${tokens.support}` },
    });
    expect(forbiddenCsv.json().code).toBe(5107);
  });

  it('uploads an instrument logo checked by content and re-encoded; refuses anything that is not a plain image', async () => {
    const list = await staffCall('GET', '/instruments', { token: tokens.content });
    const gold = list.data.find((i: any) => i.code === 'XAUUSD');
    const upload = async (bytes: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type }), name);
      const res = await fetch(`${s.baseUrl}${STAFF_API_PREFIX}/instruments/${gold.id}/logo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.content}`, lang: 'en' },
        body: form,
      });
      return (await res.json()) as Envelope;
    };
    const png = await sharp({ create: { width: 600, height: 400, channels: 4, background: '#c9a227' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
      .toBuffer();
    // A polyglot: a real PNG with an HTML page appended.
    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]);
    const ok = await upload(polyglot, 'logo.png', 'image/png');
    expect(ok.code, ok.msg).toBe(1);
    expect(ok.data.logo).toMatch(/^\/static\/upload\/logo\/[0-9a-f-]{36}\.png$/);
    const served = await fetch(`${s.baseUrl}${ok.data.logo}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const body = Buffer.from(await served.arrayBuffer());
    expect(body.includes('<script>')).toBe(false);
    expect(body.includes('secret-exif-marker')).toBe(false);
    const meta = await sharp(body).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(256);
    // The trader's trade list shows the new logo at once.
    expect((await getJson(s, '/v1/api/forex/trade_list?searchCurrency=XAUUSD')).data[0].Logo).toBe(
      ok.data.logo,
    );
    expect((await lastAudit()).action).toBe('instrument.logo');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(svg, 'logo.svg', 'image/svg+xml')).code).toBe(1102);
    expect((await upload(Buffer.from('<!doctype html><p>hi</p>'), 'logo.jpg', 'image/jpeg')).code).toBe(1102);
    expect((await upload(Buffer.alloc(6 * 1024 * 1024, 1), 'big.png', 'image/png')).code).toBe(1101);
    const wide = await sharp({ create: { width: 9000, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(wide, 'wide.png', 'image/png')).code).toBe(1103);
    const truncated = png.subarray(0, 200);
    expect((await upload(truncated, 'cut.png', 'image/png')).code).toBe(1102);
    // A role without the right is refused before the file is read.
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'x.png');
    const denied = await fetch(`${s.baseUrl}${STAFF_API_PREFIX}/instruments/${gold.id}/logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.support}` },
      body: form,
    });
    expect(((await denied.json()) as Envelope).code).toBe(5107);
  });

  it('keeps the last owner, ends sessions of a disabled account, and shows the outbox to support', async () => {
    const me = await staffCall('GET', '/auth/me', { token: tokens.owner });
    // Nobody disables their own account or changes their own role (the server refuses it, not only
    // the screen): it would sign them out at once with no way back; another owner does it.
    for (const body of [{ role: 'support' }, { disabled: true }]) {
      const self = await staffCall('POST', `/staff/${me.data.staff.id}`, { token: tokens.owner, body });
      expect(self.code, JSON.stringify(body)).toBe(5123);
      expect(self.msg).toBe('You cannot disable your own account or change your own role; ask another owner');
    }
    expect((await staffCall('GET', '/auth/me', { token: tokens.owner })).data.staff).toMatchObject({
      role: 'owner',
      disabled: false,
    });
    const list = await staffCall('GET', '/staff', { token: tokens.owner });
    const content = list.data.find((x: any) => x.role === 'content');
    expect(
      (await staffCall('POST', `/staff/${content.id}`, { token: tokens.owner, body: { disabled: true } }))
        .data.disabled,
    ).toBe(true);
    expect((await staffCall('GET', '/dashboard', { token: tokens.content })).code).toBe(999);
    expect((await login('content@test.local', PASSWORD)).code).toBe(5105);
    expect(
      (
        await staffCall('POST', '/staff', {
          token: tokens.owner,
          body: { email: 'weak@test.local', name: 'W', role: 'support', password: 'short1' },
        })
      ).code,
    ).toBe(5109);
    await postForm(s, '/api/notify/send_email', { to: 'outbox-check@test.local', type: 1 });
    const outbox = await staffCall('GET', '/outbox', {
      token: tokens.support,
      query: { target: 'outbox-check' },
    });
    expect(outbox.data.rows[0].body).toMatch(/\d{6}/);
  });
});
