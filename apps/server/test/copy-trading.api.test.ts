import { FOLLOW_STATUS, PROVIDER_STATUS } from '@meridian/contracts';
import { LEDGER_TYPE, money } from '@meridian/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followsChargedFor } from '../src/modules/copy-trading/copy-trading.repository.ts';
import { findMismatchedAccounts } from '../src/modules/ledger/ledger.repository.ts';
import { getJson, registerEmail, setSetting } from './support/accounts.ts';
import { DB_KINDS } from './support/databases.ts';
import { type Envelope, staffTeam, teamOwnerEnv } from './support/staff-team.ts';
import { connectSocket, startTestServer, type TestServer } from './support/test-server.ts';

const DOMAIN = 'copy.test';

describe.each(DB_KINDS)('copy trading on %s', (kind) => {
  let s: TestServer;
  let staff: Awaited<ReturnType<typeof staffTeam>>;
  let btc: { Id: number; ForexQuotations: { Ask: number; Bid: number } };

  const post = async (token: string, url: string, body: Record<string, unknown>, key?: string) =>
    (
      await s.app.inject({
        method: 'POST',
        url,
        headers: {
          authorization: token,
          lang: 'en',
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        payload: JSON.stringify(body),
      })
    ).json() as Envelope;
  const get = (token: string, url: string) => getJson(s, url, { authorization: token });
  const submit = (token: string, q: Record<string, string | number>) =>
    getJson(
      s,
      `/v1/api/forex/submit?${new URLSearchParams(
        Object.entries({ type: 1, cont: '0.1', forex_id: btc.Id, status: 1, multiple: 10, ...q }).map(
          ([k, v]): [string, string] => [k, String(v)],
        ),
      )}`,
      { authorization: token },
    );
  const credit = async (userId: number, amount: string) => {
    const r = await s.engine.move({
      userId,
      type: LEDGER_TYPE.STAFF_ADJUSTMENT,
      balanceDelta: money(amount),
    });
    expect(r.ok).toBe(true);
  };
  let n = 0;
  /** A real account with money. */
  const trader = async (amount = '10000') => {
    const r = await registerEmail(s, `t${++n}-${kind}@${DOMAIN}`);
    await credit(r.user.id, amount);
    return { token: r.token, id: r.user.id };
  };
  /** An approved provider. */
  const provider = async (nickname: string, fee = '0') => {
    const t = await trader('10000');
    const applied = await post(t.token, '/api/follow/apply', {
      nickname,
      description: 'Trend trader',
      fee_percent: fee,
    });
    expect(applied.code, applied.msg).toBe(1);
    expect(applied.data.status).toBe(PROVIDER_STATUS.APPLIED);
    const ok = await staff.call(staff.tokens.compliance, 'POST', `/copy/providers/${t.id}/review`, {
      action: 'approve',
      note: '',
    });
    expect(ok.code, ok.msg).toBe(1);
    return t;
  };

  beforeAll(async () => {
    s = await startTestServer(kind, { env: teamOwnerEnv(DOMAIN) });
    s.tick(2_000);
    staff = await staffTeam(s, DOMAIN, ['compliance', 'support']);
    btc = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0];
  }, 120_000);
  afterAll(async () => s?.stop());

  it('mirrors a provider’s open, stops and close into a follower in the same batch, sized by equity', async () => {
    const p = await provider(`Mirror-${kind}`);
    const f = await trader('20000');
    const follow = await post(
      f.token,
      '/api/follow/start',
      { provider_id: p.id, amount: '5000', sizing: 1, multiplier: '1' },
      `start-${kind}-1`,
    );
    expect(follow.code, follow.msg).toBe(1);
    expect(follow.data).toMatchObject({
      status: FOLLOW_STATUS.ACTIVE,
      equity: '5000.00',
      net_funded: '5000.00',
    });
    const followId = follow.data.id as number;
    // The follower's balance paid for the allocation, through the ledger.
    const bal = (await get(f.token, '/v1/api/main/wallet/getBalance')).data.balance;
    expect(bal).toBe('15000.00');

    const opened = await submit(p.token, { cont: '0.5' });
    expect(opened.code, opened.msg).toBe(1);
    const providerOrderId = opened.data.Id as number;
    // The copy is in the database as soon as the provider's order is answered: one batch.
    const copies = (await s.database.db.execute(
      sql`select id, user_id, quantity, open_quote_seq, stop_loss from orders where copy_of_order_id = ${providerOrderId}`,
    )) as unknown as {
      rows: Array<{ id: string; user_id: string; quantity: string; open_quote_seq: string }>;
    };
    expect(copies.rows).toHaveLength(1);
    expect(Number(copies.rows[0]!.user_id)).toBe(followId);
    // Equity ratio: 0.5 lot × 5 000 / ~9 990 (the provider's fee and spread already left its
    // equity), rounded down to the 0.01 lot step → 0.25 at most.
    const lots = money(copies.rows[0]!.quantity);
    expect(lots.lte('0.25') && lots.gte('0.24')).toBe(true);
    const mine = await get(f.token, '/api/follow/mine');
    expect(mine.data[0].copies).toHaveLength(1);
    expect(mine.data[0].copies[0]).toMatchObject({
      provider_order_id: providerOrderId,
      same_tick: true,
      slippage: '0',
    });

    // The provider's new stop loss is the copy's too.
    const sl = String(Math.floor(btc.ForexQuotations.Bid * 0.5));
    const stops = await getJson(
      s,
      `/v1/api/forex/set_stop_price?id=${providerOrderId}&stop_loss_price=${sl}&target_profit_price=0`,
      { authorization: p.token },
    );
    expect(stops.code, stops.msg).toBe(1);
    const copySl = (await s.database.db.execute(
      sql`select stop_loss from orders where copy_of_order_id = ${providerOrderId}`,
    )) as unknown as { rows: Array<{ stop_loss: string }> };
    expect(money(copySl.rows[0]!.stop_loss).toFixed(0)).toBe(sl);

    s.tick(1_000);
    const closed = await getJson(s, `/v1/api/forex/close?id=${providerOrderId}`, { authorization: p.token });
    expect(closed.code, closed.msg).toBe(1);
    const ended = (await s.database.db.execute(
      sql`select status, close_reason, close_quote_seq from orders where copy_of_order_id = ${providerOrderId}`,
    )) as unknown as { rows: Array<{ status: number; close_reason: string; close_quote_seq: string }> };
    expect(ended.rows[0]).toMatchObject({ status: 3, close_reason: 'leader' });
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('records a copy the follower’s rules refuse, with its reason, and copies nothing while paused', async () => {
    const p = await provider(`Refuse-${kind}`);
    const f = await trader('1000');
    const follow = await post(
      f.token,
      '/api/follow/start',
      { provider_id: p.id, amount: '500' },
      `start-${kind}-2`,
    );
    expect(follow.code, follow.msg).toBe(1);
    // 0.01 lot × 500 / 10 000 is below BTC's minimum lot: refused, recorded, shown.
    const opened = await submit(p.token, { cont: '0.01' });
    expect(opened.code, opened.msg).toBe(1);
    const mine = (await get(f.token, '/api/follow/mine')).data[0];
    expect(mine.copies).toHaveLength(0);
    expect(mine.refusals).toHaveLength(1);
    expect(mine.refusals[0]).toMatchObject({ provider_order_id: opened.data.Id, lots: '0.01' });
    expect(mine.refusals[0].reason).toMatch(/minimum/);

    // A fixed multiplier of 1 would copy the next 0.01 lot; pausing (a status alone, the rules
    // left as they are) is what keeps it from being copied.
    const rules = await post(f.token, '/api/follow/update', { id: mine.id, sizing: 2, multiplier: '1' });
    expect(rules.data).toMatchObject({ status: FOLLOW_STATUS.ACTIVE, sizing: 2, multiplier: '1' });
    const paused = await post(f.token, '/api/follow/update', { id: mine.id, status: 2 });
    expect(paused.code, paused.msg).toBe(1);
    expect(paused.data).toMatchObject({
      status: FOLLOW_STATUS.PAUSED,
      sizing: 2,
      multiplier: '1',
      max_lots: '0',
    });
    await submit(p.token, { cont: '0.01' });
    const after = (await get(f.token, '/api/follow/mine')).data[0];
    expect(after.copies).toHaveLength(0);
    expect(after.refusals).toHaveLength(1);
  });

  it('stops a follow: copies closed at the live price, the rest back to the balance, books reconciled', async () => {
    const p = await provider(`Stop-${kind}`);
    const f = await trader('3000');
    const start = await post(
      f.token,
      '/api/follow/start',
      { provider_id: p.id, amount: '2000', sizing: 2, multiplier: '1', copy_open: 0 },
      `start-${kind}-3`,
    );
    expect(start.code, start.msg).toBe(1);
    await submit(p.token, { cont: '0.1' });
    const live = (await get(f.token, '/api/follow/mine')).data[0];
    expect(live.copies).toHaveLength(1);
    expect(live.copies[0].lots).toBe('0.1');
    const added = await post(
      f.token,
      '/api/follow/funds',
      { id: live.id, direction: 1, amount: '500' },
      `funds-${kind}`,
    );
    expect(added.code, added.msg).toBe(1);
    expect(added.data.net_funded).toBe('2500.00');
    const tooMuch = await post(f.token, '/api/follow/funds', { id: live.id, direction: 1, amount: '999999' });
    expect(tooMuch.code).toBe(7306);

    s.tick(1_000);
    const stopped = await post(f.token, '/api/follow/stop', { id: live.id }, `stop-${kind}`);
    expect(stopped.code, stopped.msg).toBe(1);
    expect(stopped.data).toMatchObject({ status: FOLLOW_STATUS.STOPPED, net_funded: '2500.00' });
    // Its result: what came back less what went in (a spread and a fee lost: below 0), which is
    // exactly what the follower's balance shows against the 3 000 it had.
    expect(money(stopped.data.profit).lt(0)).toBe(true);
    const back = (await get(f.token, '/v1/api/main/wallet/getBalance')).data.balance;
    // (both shown to the cent, each rounded on its own: at most a cent apart)
    expect(money(back).minus(money('3000').plus(stopped.data.profit)).abs().lte('0.01')).toBe(true);
    // The repeat answers the same, moving nothing twice.
    const again = await post(f.token, '/api/follow/stop', { id: live.id }, `stop-${kind}`);
    expect(again.data.status).toBe(FOLLOW_STATUS.STOPPED);
    const account = (await s.database.db.execute(
      sql`select balance, margin from users where id = ${live.id}`,
    )) as unknown as { rows: Array<{ balance: string; margin: string }> };
    expect(money(account.rows[0]!.balance).isZero()).toBe(true);
    expect(money(account.rows[0]!.margin).isZero()).toBe(true);
    const reasons = (await s.database.db.execute(
      sql`select close_reason from orders where user_id = ${live.id}`,
    )) as unknown as { rows: Array<{ close_reason: string }> };
    expect(reasons.rows.map((r) => r.close_reason)).toEqual(['copy_stopped']);
    // The provider's next position is not copied into a stopped follow.
    await submit(p.token, { cont: '0.1' });
    const count = (await s.database.db.execute(
      sql`select count(*)::int as n from orders where user_id = ${live.id}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(count.rows[0]!.n).toBe(1);
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('copies the provider’s open positions when asked, and pushes the allocation as COPY_TRADE', async () => {
    const p = await provider(`Open-${kind}`);
    const first = await submit(p.token, { cont: '0.02' });
    expect(first.code).toBe(1);
    s.tick(2_000);
    const f = await trader('5000');
    const socket = await connectSocket(s.wsUrl);
    socket.send({ type: 'login', token: f.token });
    await socket.next((x) => x.type === 'login_result');
    const start = await post(
      f.token,
      '/api/follow/start',
      { provider_id: p.id, amount: '1000', sizing: 2, multiplier: '0.5', copy_open: 1 },
      `start-${kind}-4`,
    );
    expect(start.code, start.msg).toBe(1);
    expect(start.data.refusals).toEqual([]);
    expect(start.data.copies).toHaveLength(1);
    expect(start.data.copies[0]).toMatchObject({
      lots: '0.01',
      provider_order_id: first.data.Id,
      same_tick: false,
    });
    const frame = await socket.next((x) => x.type === 'COPY_TRADE');
    expect((frame.data as { FollowId: number }).FollowId).toBe(start.data.id);
    socket.ws.close();
  });

  it('ranks approved providers from their closed trades, and staff see providers, follows and refusals', async () => {
    const p = await provider(`Ranked-${kind}`, '10');
    const o = await submit(p.token, { cont: '0.5' });
    s.tick(3_000);
    await getJson(s, `/v1/api/forex/close?id=${o.data.Id}`, { authorization: p.token });
    s.clock.advance(6_000);
    const list = await getJson(s, '/api/follow/list?sort=total_rate');
    expect(list.code).toBe(1);
    const item = list.data.data.find((x: { user: string }) => x.user === `Ranked-${kind}`);
    expect(item).toMatchObject({ total_trade_num: 1, multiple: 10, code: 'BTC/USD', fee_percent: '10.00' });
    expect(Number(item.three_week_win)).toBeGreaterThanOrEqual(0);
    const detail = await getJson(s, `/api/follow/detail?id=${p.id}`);
    expect(detail.data.recent_trades).toHaveLength(1);
    expect(detail.data.curve).toHaveLength(90);

    const providers = await staff.call(staff.tokens.compliance, 'GET', '/copy/providers?q=Ranked');
    expect(providers.data.rows[0]).toMatchObject({ nickname: `Ranked-${kind}`, status: 1, totalTrades: 1 });
    // Allocation accounts are not people: the users list leaves them out (they are under Follows).
    const people = await staff.call(staff.tokens.compliance, 'GET', '/users?pageSize=200');
    const allocationIds = (
      (await s.database.db.execute(
        sql`select id from users where parent_user_id is not null`,
      )) as unknown as {
        rows: Array<{ id: string }>;
      }
    ).rows.map((r) => Number(r.id));
    expect(allocationIds.length).toBeGreaterThan(0);
    expect(people.data.rows.filter((u: { id: number }) => allocationIds.includes(u.id))).toEqual([]);
    const follows = await staff.call(staff.tokens.compliance, 'GET', '/copy/follows');
    expect(follows.data.total).toBeGreaterThanOrEqual(1);
    const one = await staff.call(staff.tokens.compliance, 'GET', `/copy/follows/${follows.data.rows[0].id}`);
    expect(one.code, one.msg).toBe(1);
    expect(one.data.id).toBe(follows.data.rows[0].id);
    const refusals = await staff.call(staff.tokens.compliance, 'GET', '/copy/refusals');
    expect(refusals.code).toBe(1);
    expect(refusals.data.total).toBeGreaterThanOrEqual(1);
    // Support may not review providers.
    const denied = await staff.call(staff.tokens.support, 'POST', `/copy/providers/${p.id}/review`, {
      action: 'suspend',
    });
    expect(denied.code).not.toBe(1);
    const suspended = await staff.call(staff.tokens.compliance, 'POST', `/copy/providers/${p.id}/review`, {
      action: 'suspend',
      note: 'under review',
    });
    expect(suspended.data.status).toBe(PROVIDER_STATUS.SUSPENDED);
    const gone = await getJson(s, `/api/follow/detail?id=${p.id}`);
    expect(gone.code).toBe(7302);
  });

  it('charges the provider’s fee on a new equity high once a period, both sides through the ledger', async () => {
    const p = await provider(`Fee-${kind}`, '20');
    const f = await trader('2000');
    const start = await post(
      f.token,
      '/api/follow/start',
      { provider_id: p.id, amount: '1000' },
      `start-${kind}-fee`,
    );
    expect(start.code, start.msg).toBe(1);
    const followId = start.data.id as number;
    // A gain of 100 on the allocation (credited directly: the fee rule, not the market, is tested).
    await credit(followId, '100');
    const charged = await followsChargedFor(s.database.db, '2026-10');
    expect(await s.engine.settleCopyFees('2026-10', charged)).toBe(20_000_000); // 20 % of 100 USD
    expect(await s.engine.settleCopyFees('2026-10', await followsChargedFor(s.database.db, '2026-10'))).toBe(
      0,
    );
    const view = (await get(f.token, '/api/follow/mine')).data.find((x: { id: number }) => x.id === followId);
    expect(view).toMatchObject({ fees_paid: '20.00', equity: '1080.00' });
    // The high-water mark moved to 1 080: the same equity next period owes nothing.
    expect(await s.engine.settleCopyFees('2026-11', await followsChargedFor(s.database.db, '2026-11'))).toBe(
      0,
    );
    // Both sides see the fee in their account history: the provider's income, the follower's charge.
    const history = async (token: string) =>
      (await get(token, '/v1/api/main/accountLog/forexChange?page=1')).data.list as Array<{
        Type: number;
        Value: string;
      }>;
    expect((await history(p.token)).find((e) => e.Type === LEDGER_TYPE.COPY_PERFORMANCE_FEE)?.Value).toBe(
      '20.00',
    );
    expect((await history(f.token)).find((e) => e.Type === LEDGER_TYPE.COPY_PERFORMANCE_FEE)?.Value).toBe(
      '-20.00',
    );
    const fees = await staff.call(staff.tokens.compliance, 'GET', `/copy/fees?providerUserId=${p.id}`);
    expect(fees.data.rows[0]).toMatchObject({ amount: '20.00', followId });
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('refuses what a follow may not be', async () => {
    const p = await provider(`Rules-${kind}`);
    const f = await trader('1000');
    await setSetting(s, 'copy_min_amount', '200');
    expect((await post(f.token, '/api/follow/start', { provider_id: p.id, amount: '100' })).code).toBe(7305);
    expect((await post(p.token, '/api/follow/start', { provider_id: p.id, amount: '500' })).code).toBe(7303);
    expect((await post(f.token, '/api/follow/start', { provider_id: 999999, amount: '500' })).code).toBe(
      7302,
    );
    expect(
      (await post(f.token, '/api/follow/start', { provider_id: p.id, amount: '500', stop_loss: '600' })).code,
    ).toBe(7312);
    expect((await post(f.token, '/api/follow/start', { provider_id: p.id, amount: '5000' })).code).toBe(7306);
    expect((await post(f.token, '/api/follow/start', { provider_id: p.id, amount: '500' })).code).toBe(1);
    expect((await post(f.token, '/api/follow/start', { provider_id: p.id, amount: '200' })).code).toBe(7304);
    await setSetting(s, 'copy_min_amount', '500');
  });
});
