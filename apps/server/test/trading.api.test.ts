import { LEDGER_TYPE, money } from '@meridian/domain';
import { translate } from '@meridian/i18n/node';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ABANDONED_CLAIM_MS,
  answerOnce,
  claimKey,
  pruneKeys,
  releaseKey,
  runStartedAt,
  scopedKey,
  storeAnswer,
} from '../src/http/idempotency.ts';
import { AppError } from '../src/lib/app-error.ts';
import { COMMAND_BURST, COMMANDS_PER_SECOND } from '../src/lib/command-rate.ts';
import { findMismatchedAccounts } from '../src/modules/ledger/ledger.repository.ts';
import { getJson, registerEmail, sqlCount } from './support/accounts.ts';
import { DB_KINDS } from './support/databases.ts';
import { connectSocket, startTestServer, type TestServer } from './support/test-server.ts';

describe.each(DB_KINDS)('trading on %s', (kind) => {
  let s: TestServer;
  let btc: { Id: number; ForexQuotations: { Bid: number; Ask: number } };
  const demo = async (device: string) =>
    (await getJson(s, `/api/user/createAccountDemoForU?demo_id=${device}`)).data.token as string;
  const call = (token: string, path: string, q: Record<string, string | number>) =>
    getJson(
      s,
      `${path}?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`,
      {
        authorization: token,
      },
    );
  const submit = (token: string, q: Record<string, string | number>) =>
    call(token, '/v1/api/forex/submit', {
      type: 1,
      cont: '0.1',
      forex_id: btc.Id,
      status: 1,
      multiple: 10,
      ...q,
    });

  /** A socket logged in with `token` (its pushes: FOREX_TRADE, FOREX_CLOSED). */
  const loggedInSocket = async (token: string) => {
    const socket = await connectSocket(s.wsUrl);
    const ok = socket.next((f) => f.type === 'login_result');
    socket.send({ type: 'login', token });
    await ok;
    return socket;
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
    s.tick(5_000);
    btc = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0];
  });
  afterAll(() => s?.stop());

  it('opens a market buy at the ask with margin and fee through the ledger, and the books reconcile', async () => {
    const token = await demo('trade-open-0001');
    const r = await submit(token, {});
    expect(r.msg).toBe('Your order has been confirmed');
    const o = r.data;
    const ask = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0].ForexQuotations
      .Ask;
    expect(o).toMatchObject({
      OrderType: 1,
      Quantity: '0.1',
      Status: 1,
      Multiple: 10,
      MarginMode: 2,
      Price: ask,
    });
    // A fixed-margin instrument's position says so (its leverage does not apply).
    const silver = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=XAGUSD')).data[0];
    expect(silver.MarginMode).toBe(1);
    const fixed = await submit(await demo('trade-fixed-0001'), {
      forex_id: silver.Id,
      cont: '0.01',
      multiple: 1,
    });
    expect(fixed.code, fixed.msg).toBe(1);
    expect(fixed.data).toMatchObject({ MarginMode: 1, Multiple: 1 });
    // margin = 0.1 × 1 × price ÷ 10; fee = margin × 0.005 (trade_fee_type 2)
    const margin = (0.1 * ask) / 10;
    expect(Number(o.CautionMoney)).toBeCloseTo(margin, 6);
    expect(Number(o.TradeFee)).toBeCloseTo(margin * 0.005, 6);
    const bal = (await getJson(s, '/v1/api/main/wallet/getBalance', { authorization: token })).data.balance;
    expect(Number(bal)).toBeCloseTo(100000 - margin - margin * 0.005, 2);
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
    expect(
      await sqlCount(s, sql`select count(*) as n from ledger_entries where memo = ${`order ${o.Id}`}`),
    ).toBe(2);
    const row = (await s.database.db.execute(
      sql`select open_bid, open_ask, open_quote_seq from orders where id = ${o.Id}`,
    )) as unknown as {
      rows: Array<{ open_bid: string; open_ask: string; open_quote_seq: string }>;
    };
    expect(Number(row.rows[0]!.open_ask)).toBe(ask);
    expect(Number(row.rows[0]!.open_quote_seq)).toBeGreaterThan(0);
  });

  it('refuses bad orders with the spec messages', async () => {
    const token = await demo('trade-refuse-0001');
    expect((await submit(token, { multiple: 3 })).code).toBe(4003);
    expect((await submit(token, { cont: '' })).code).toBe(4004);
    expect((await submit(token, { cont: '0.015' })).code).toBe(4007);
    expect((await submit(token, { status: 0, target_price: '' })).msg).toBe('enter price');
    expect((await submit(token, { stop_loss_price: String(btc.ForexQuotations.Ask * 2) })).code).toBe(4016);
    expect((await submit(token, { cont: '40', multiple: 2 })).code).toBe(4019);
    expect((await submit(token, { forex_id: 99999 })).code).toBe(2001);
    expect((await submit(token, { cont: '51', multiple: 20 })).code).toBe(4008); // BTC is seeded with 50 lots per order (by notional)
    const noToken = await getJson(
      s,
      `/v1/api/forex/submit?type=1&cont=0.1&forex_id=${btc.Id}&status=1&multiple=10`,
    );
    expect(noToken.code).toBe(999);
  });

  it('refuses at the edge what the database could not hold or a client did not mean, failing no one else', async () => {
    const token = await demo('trade-edge-00001');
    const other = await demo('trade-edge-00002');
    const invalid = async (q: Record<string, string | number>) => {
      const r = await submit(token, q);
      expect(r.code, JSON.stringify(q)).toBe(1001); // an invalid field, named in the message
    };
    // 15 digits before the point: beyond NUMERIC(24,10); it used to fail the journal's whole batch.
    await invalid({ target_profit_price: '100000000000000' });
    await invalid({ type: 2, stop_loss_price: '99999999999999999999999999999999' });
    await invalid({ target_profit_price: '1.12345678901' }); // 11 decimals
    await invalid({ cont: '1000000000000' }); // 13 digits of lots
    // Whole numbers are plain digits: no hex, exponent, spaces, or an empty status taken as 0.
    await invalid({ forex_id: '0x1' });
    await invalid({ multiple: '1e1' });
    await invalid({ type: '1.0' });
    await invalid({ status: '' });
    await invalid({ multiple: ' 10 ' });
    const o = (await submit(token, {})).data;
    const edit = await call(token, '/v1/api/forex/set_stop_price', {
      id: o.Id,
      stop_loss_price: '0',
      target_profit_price: '100000000000000',
    });
    expect(edit.code).toBe(1001);
    expect((await call(token, '/v1/api/forex/close', { id: `${o.Id}e0` })).code).toBe(1001);
    // Meanwhile another account trades as usual.
    expect((await submit(other, {})).code).toBe(1);
  });

  it('sets and clears stop loss and take profit on a position and a pending order, stored and listed', async () => {
    const token = await demo('trade-stops-0001');
    const o = (await submit(token, {})).data; // a buy: stop loss below the bid, take profit above
    const bid = btc.ForexQuotations.Bid;
    const sl = String(Math.round(bid * 0.9));
    const tp = String(Math.round(bid * 1.1));
    const set = await call(token, '/v1/api/forex/set_stop_price', {
      id: o.Id,
      stop_loss_price: sl,
      target_profit_price: tp,
    });
    expect(set.msg).toBe('Stop loss and take profit updated');
    expect(set.data).toMatchObject({ TargetLossPrice: Number(sl), TargetProfitPrice: Number(tp) });
    const stored = async (id: number) =>
      (
        (await s.database.db.execute(
          sql`select stop_loss, take_profit from orders where id = ${id}`,
        )) as unknown as {
          rows: Array<{ stop_loss: string; take_profit: string }>;
        }
      ).rows[0]!;
    expect(Number((await stored(o.Id)).stop_loss)).toBe(Number(sl));
    expect(Number((await stored(o.Id)).take_profit)).toBe(Number(tp));
    const holding = (await call(token, '/v1/api/forex/my_deal', { status: 1, page: 1 })).data.data;
    expect(holding.find((x: { Id: number }) => x.Id === o.Id)).toMatchObject({
      TargetLossPrice: Number(sl),
      TargetProfitPrice: Number(tp),
    });
    // 0 clears a level.
    await call(token, '/v1/api/forex/set_stop_price', {
      id: o.Id,
      stop_loss_price: '0',
      target_profit_price: tp,
    });
    expect(Number((await stored(o.Id)).stop_loss)).toBe(0);
    expect(Number((await stored(o.Id)).take_profit)).toBe(Number(tp));
    // A pending buy limit: its stops are judged against its target.
    const target = Math.round(btc.ForexQuotations.Ask * 0.8);
    const p = (await submit(token, { status: 0, target_price: String(target) })).data;
    const pendingSet = await call(token, '/v1/api/forex/set_stop_price', {
      id: p.Id,
      stop_loss_price: String(Math.round(target * 0.9)),
      target_profit_price: String(Math.round(target * 1.1)),
    });
    expect(pendingSet.msg).toBe('Stop loss and take profit updated');
    expect(Number((await stored(p.Id)).stop_loss)).toBe(Math.round(target * 0.9));
    expect(Number((await stored(p.Id)).take_profit)).toBe(Math.round(target * 1.1));
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('closes at the close-side price, realises the profit, and reports it in history', async () => {
    const token = await demo('trade-close-0001');
    const o = (await submit(token, { type: 2 })).data; // a sell closes at the ask
    s.tick(3_000);
    const closed = await call(token, '/v1/api/forex/close', { id: o.Id });
    expect(closed.msg).toBe('Position closed');
    expect(closed.data).toMatchObject({ Status: 3, CloseReason: 'user' });
    const expected = (o.Price - closed.data.ClosePrice) * 0.1; // sell: (open − close) × qty × 1
    expect(Number(closed.data.FactProfits)).toBeCloseTo(expected, 5);
    // An order's money keeps its 6 stored decimals on the wire, whatever its value.
    for (const field of ['FactProfits', 'TradeFee', 'CautionMoney'])
      expect([field, closed.data[field]]).toEqual([field, expect.stringMatching(/^-?\d+\.\d{6}$/)]);
    const history = await call(token, '/v1/api/forex/my_deal', { status: 3, page: 1 });
    expect(history.data.data.map((x: { Id: number }) => x.Id)).toContain(o.Id);
    expect((await call(token, '/v1/api/forex/my_deal', { status: 1, page: 1 })).data.total).toBe(0);
    expect((await call(token, '/v1/api/forex/close', { id: o.Id })).code).toBe(4021); // never twice
    // Its stops cannot be edited any more either, told the same way as a second close.
    const edit = await call(token, '/v1/api/forex/set_stop_price', {
      id: o.Id,
      stop_loss_price: '0',
      target_profit_price: '0',
    });
    expect(edit.code).toBe(4021);
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('lists history by when each order ended, most recent first', async () => {
    const token = await demo('trade-history-0001');
    const older = (await submit(token, {})).data;
    const newer = (await submit(token, {})).data;
    const pending = (
      await submit(token, { status: 0, target_price: (btc.ForexQuotations.Bid * 0.5).toFixed(2) })
    ).data;
    s.tick(1_000);
    await call(token, '/v1/api/forex/close', { id: newer.Id });
    s.tick(1_000);
    await call(token, '/v1/api/forex/cancel_trade', { id: pending.Id });
    s.tick(1_000);
    await call(token, '/v1/api/forex/close', { id: older.Id });
    const history = (await call(token, '/v1/api/forex/my_deal', { status: 3, page: 1 })).data.data;
    expect(history.map((o: { Id: number }) => o.Id)).toEqual([older.Id, pending.Id, newer.Id]);
  });

  it("refuses another user's order ids on close, cancel and set_stop_price", async () => {
    const owner = await demo('trade-owner-0001');
    const other = await demo('trade-other-0001');
    const o = (await submit(owner, {})).data;
    const p = (await submit(owner, { status: 0, target_price: (btc.ForexQuotations.Bid * 0.5).toFixed(2) }))
      .data;
    for (const [path, q] of [
      ['/v1/api/forex/close', { id: o.Id }],
      ['/v1/api/forex/cancel_trade', { id: p.Id }],
      ['/v1/api/forex/set_stop_price', { id: o.Id, stop_loss_price: '1', target_profit_price: '0' }],
    ] as const) {
      expect((await call(other, path, q)).code).toBe(4020);
    }
    expect((await call(owner, '/v1/api/forex/my_deal', { status: 1, page: 1 })).data.total).toBe(1);
  });

  it('places a pending limit that reserves margin, cancels it with everything returned', async () => {
    const token = await demo('trade-pending-0001');
    const before = (await getJson(s, '/v1/api/main/wallet/getBalance', { authorization: token })).data
      .balance;
    const target = (btc.ForexQuotations.Ask * 0.8).toFixed(2);
    const p = (await submit(token, { status: 0, target_price: target })).data;
    expect(p).toMatchObject({ Status: 0, OriginPrice: Number(target), Price: 0 });
    // Its current price is where it would fill now: the ask of a buy (well above its limit).
    const listed = (await call(token, '/v1/api/forex/my_deal', { status: 0, page: 1 })).data;
    expect(listed.total).toBe(1);
    const ask = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0].ForexQuotations
      .Ask;
    expect(listed.data[0].UpdatePrice).toBe(ask);
    expect(p.UpdatePrice).toBeGreaterThan(Number(target));
    expect(Number(p.TradeFee)).toBeGreaterThan(0);
    expect(Number(p.CautionMoney)).toBeGreaterThan(0);
    const c = await call(token, '/v1/api/forex/cancel_trade', { id: p.Id });
    // Nothing is held or charged for an order that never traded: both came back with the cancel.
    expect(c.data).toMatchObject({
      Status: 4,
      CloseReason: 'cancelled',
      TradeFee: '0.000000',
      CautionMoney: '0.000000',
    });
    const history = (await call(token, '/v1/api/forex/my_deal', { status: 3, page: 1 })).data.data;
    expect(history).toEqual([
      expect.objectContaining({ Id: p.Id, TradeFee: '0.000000', CautionMoney: '0.000000' }),
    ]);
    expect((await getJson(s, '/v1/api/main/wallet/getBalance', { authorization: token })).data.balance).toBe(
      before,
    );
    // The account history says what the money was: held, charged, then returned by the cancel.
    const moves = (await call(token, '/v1/api/main/accountLog/forexChange', { page: 1 })).data.list;
    expect(moves.slice(0, 3).map((e: { Type: number; MemoTran: string }) => [e.Type, e.MemoTran])).toEqual([
      [12, 'Pending order cancelled (margin and fee returned)'],
      [6, 'Trading fee'],
      [5, 'Margin held'],
    ]);
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('shows a movement of less than a cent in the account history exactly, never as -0.00', async () => {
    const token = await demo('trade-tiny-0001');
    // A buy limit far below the market: its margin is 0.0001 (0.1 BTC at 0.01, 1:10).
    const p = (await submit(token, { status: 0, target_price: '0.01' })).data;
    expect(p.CautionMoney).toBe('0.000100');
    const moves = (await call(token, '/v1/api/main/accountLog/forexChange', { page: 1 })).data.list;
    const held = moves.find((e: { Type: number }) => e.Type === 5);
    // Exact (the entries add up to the balance); at least 2 decimals otherwise ('100.00').
    expect(held.Value).toBe('-0.0001');
    const credit = moves.find((e: { Type: number }) => e.Type !== 5 && e.Type !== 6);
    expect(credit.Value).toMatch(/^\d+\.\d{2,}$/);
    expect((await call(token, '/v1/api/forex/cancel_trade', { id: p.Id })).code).toBe(1);
  });

  it('lists a position a tick just closed in history at once, never as holding without a price', async () => {
    const token = await demo('trade-settled-0001');
    const ask = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0].ForexQuotations
      .Ask;
    const o = (await submit(token, { target_profit_price: (ask + 2).toFixed(2) })).data;
    expect(o.Status).toBe(1);
    let lists: [any, any] | null = null;
    for (let i = 0; i < 600 && !lists; i++) {
      s.tick(1_000);
      // The tick decided synchronously; its commit is still on its way when the lists are asked.
      if (!s.engine.liveOrder(o.Id))
        lists = await Promise.all([
          call(token, '/v1/api/forex/my_deal', { status: 1, page: 1 }),
          call(token, '/v1/api/forex/my_deal', { status: 3, page: 1 }),
        ]);
    }
    expect(lists).not.toBeNull();
    const [holding, history] = lists!;
    expect(holding.data.data.map((r: any) => r.Id)).not.toContain(o.Id);
    expect(holding.data.total).toBe(0);
    expect(history.data.data.find((r: any) => r.Id === o.Id)).toMatchObject({
      Status: 3,
      CloseReason: 'take_profit',
    });
  });

  it('fills a pending order when the market reaches it and closes at a take profit, pushing FOREX_CLOSED', async () => {
    const token = await demo('trade-trigger-0001');
    const socket = await loggedInSocket(token);
    const ask = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0].ForexQuotations
      .Ask;
    // A buy stop just above and a take profit just above that: the random walk crosses both soon.
    const target = (ask + 1).toFixed(2);
    const p = (
      await submit(token, { status: 0, target_price: target, target_profit_price: (ask + 3).toFixed(2) })
    ).data;
    const closedPush = socket.next((f) => f.type === 'FOREX_CLOSED', 60_000);
    const tradePush = socket.next((f) => f.type === 'FOREX_TRADE', 60_000);
    for (let i = 0; i < 600; i++) {
      s.tick(1_000);
      await s.engine.idle();
      const rows = (await s.database.db.execute(
        sql`select status, close_reason from orders where id = ${p.Id}`,
      )) as unknown as {
        rows: Array<{ status: number; close_reason: string | null }>;
      };
      if (rows.rows[0]!.status === 3) break;
    }
    const row = (await s.database.db.execute(
      sql`select status, close_reason, open_price from orders where id = ${p.Id}`,
    )) as unknown as {
      rows: Array<{ status: number; close_reason: string; open_price: string }>;
    };
    expect(row.rows[0]).toMatchObject({ status: 3, close_reason: 'take_profit' });
    expect(Number(row.rows[0]!.open_price)).toBeGreaterThanOrEqual(Number(target));
    expect((await closedPush).data).toEqual([p.Id]);
    expect((await tradePush).data).toMatchObject({
      CautionMoneyAll: expect.any(String),
      RiskStatus: expect.any(String),
    });
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
    socket.close();
  });

  it('stops out a collapsing account and protects it from a negative balance', async () => {
    const token = await demo('trade-stopout-0001');
    const ask = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0].ForexQuotations
      .Ask;
    const lots = (Math.floor(((0.9 * 100000 * 20) / ask) * 100) / 100).toFixed(2);
    const o = (await submit(token, { cont: lots, multiple: 20 })).data;
    expect(o.Status).toBe(1);
    // A crash: the simulated feed continues from half the price.
    (s.market.feed as unknown as { setStartPrice(id: number, mid: number, t: number): void }).setStartPrice(
      btc.Id,
      ask / 2,
      s.clock.ms,
    );
    for (let i = 0; i < 20; i++) {
      s.tick(1_000);
      await new Promise((r) => setTimeout(r, 300)); // the account monitor runs on its own timer
      await s.engine.idle();
    }
    const row = (await s.database.db.execute(
      sql`select status, close_reason from orders where id = ${o.Id}`,
    )) as unknown as {
      rows: Array<{ status: number; close_reason: string }>;
    };
    expect(row.rows[0]).toEqual({ status: 3, close_reason: 'stop_out' });
    expect((await getJson(s, '/v1/api/main/wallet/getBalance', { authorization: token })).data.balance).toBe(
      '0.00',
    );
    expect(
      await sqlCount(
        s,
        sql`select count(*) as n from ledger_entries where type = 8 and memo = ${`order ${o.Id}`}`,
      ),
    ).toBe(1);
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });

  it('pushes the account afresh to a socket that logs in again after a drop, though nothing changes after', async () => {
    const token = await demo('trade-rejoin-0001');
    const o = (await submit(token, {})).data;
    const first = await loggedInSocket(token);
    const holding = await first.seenOrNext(
      (f) => f.type === 'FOREX_TRADE' && (f.data as { TransOrder: unknown[] }).TransOrder.length === 1,
      10_000,
    );
    expect((holding.data as { TransOrder: Array<{ Id: number }> }).TransOrder[0]!.Id).toBe(o.Id);
    // The phone drops off; meanwhile its only position is closed (from another device).
    first.close();
    await new Promise((r) => setTimeout(r, 100));
    expect((await call(token, '/v1/api/forex/close', { id: o.Id })).code).toBe(1);
    await new Promise((r) => setTimeout(r, 600)); // the monitor's flush passes with nobody online
    // Back online: the figures it missed come without any further change.
    const again = await connectSocket(s.wsUrl);
    const fresh = again.next((f) => f.type === 'FOREX_TRADE', 5_000);
    again.send({ type: 'login', token });
    const data = (await fresh).data as { TransOrder: unknown[]; CautionMoneyAll: string };
    expect(data.TransOrder).toEqual([]);
    expect(Number(data.CautionMoneyAll)).toBe(0);
    again.close();
  });

  it('pages my_deal after the last order shown (after_id): orders placed or ended meanwhile neither repeat nor hide rows', async () => {
    const token = await demo('trade-keyset-00001');
    const bid = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0].ForexQuotations
      .Bid;
    // Buy limits far below the market (never filled here), each at its own level.
    const place = async (i: number) =>
      (
        await submit(token, {
          status: 0,
          cont: '0.01',
          target_price: (bid * 0.5 - i).toFixed(2),
        })
      ).data.Id as number;
    const placed: number[] = [];
    for (let i = 0; i < 22; i++) placed.push(await place(i));
    const list = (q: Record<string, number>) => call(token, '/v1/api/forex/my_deal', { status: 0, ...q });
    const first = (await list({ page: 1 })).data;
    expect(first.data).toHaveLength(20);
    const shown: number[] = first.data.map((o: { Id: number }) => o.Id);
    // Meanwhile: three new orders on top, and the newest shown one cancelled.
    for (let i = 22; i < 25; i++) placed.push(await place(i));
    expect((await call(token, '/v1/api/forex/cancel_trade', { id: shown[0]! })).code).toBe(1);
    // By page number, page 2 would repeat shown rows (the new ones push them down); after the last
    // shown: exactly the two not shown yet.
    const byNumber = (await list({ page: 2 })).data.data.map((o: { Id: number }) => o.Id);
    expect(byNumber.some((id: number) => shown.includes(id))).toBe(true);
    const second = (await list({ page: 2, after_id: shown.at(-1)! })).data;
    expect(second.data.map((o: { Id: number }) => o.Id)).toEqual(placed.slice(0, 2).reverse());
    expect(second.total).toBe(24);
    // History, ordered by when orders ended: keyed on the anchor's end, then id.
    for (const id of placed.slice(0, 22)) await call(token, '/v1/api/forex/cancel_trade', { id });
    const h1 = (await call(token, '/v1/api/forex/my_deal', { status: 3, page: 1 })).data;
    const h2 = (
      await call(token, '/v1/api/forex/my_deal', { status: 3, page: 2, after_id: h1.data.at(-1).Id })
    ).data;
    const all = [...h1.data, ...h2.data].map((o: { Id: number }) => o.Id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(h1.total);
    // Another user's order as the anchor shows nothing of theirs, nor of this list out of place.
    const other = await demo('trade-keyset-00002');
    expect(
      (await call(other, '/v1/api/forex/my_deal', { status: 3, page: 2, after_id: h1.data[0].Id })).data.data,
    ).toEqual([]);
  });

  it('pushes the new balance when money moves outside trading (a staff adjustment), margin unchanged', async () => {
    const token = await demo('trade-balance-push1');
    const o = (await submit(token, {})).data;
    const socket = await loggedInSocket(token);
    const first = await socket.seenOrNext(
      (f) => f.type === 'FOREX_TRADE' && (f.data as { TransOrder: unknown[] }).TransOrder.length === 1,
      10_000,
    );
    const before = first.data as { Balance: string; CautionMoneyAll: string };
    const summary = (await getJson(s, '/v1/api/main/account/forexDetail', { authorization: token })).data;
    expect(before.Balance).toBe(summary.balance);
    const owner = await s.database.db.execute(sql`select user_id from orders where id = ${o.Id}`);
    const userId = Number((owner as unknown as { rows: Array<{ user_id: number }> }).rows[0]!.user_id);
    const debited = (Number(before.Balance) - 1500).toFixed(2);
    const pushed = socket.next(
      (f) => f.type === 'FOREX_TRADE' && (f.data as { Balance: string }).Balance === debited,
      10_000,
    );
    expect(
      (await s.engine.move({ userId, type: LEDGER_TYPE.STAFF_ADJUSTMENT, balanceDelta: money('-1500') })).ok,
    ).toBe(true);
    const after = (await pushed).data as { Balance: string; CautionMoneyAll: string };
    expect(after.CautionMoneyAll).toBe(before.CautionMoneyAll);
    socket.close();
  });

  it('warns of a margin call (DESIGN §3) in the summary and the FOREX_TRADE push, and keeps the position', async () => {
    const token = await demo('trade-margincall-01');
    const detail = async () =>
      (await getJson(s, '/v1/api/main/account/forexDetail', { authorization: token })).data;
    expect((await detail()).RiskStatus).toBe('none');
    const socket = await loggedInSocket(token);
    const ask = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0].ForexQuotations
      .Ask;
    // Margin ≈ 90 % of the balance: the risk rate starts near 111 % ('ok').
    const lots = (Math.floor(((0.9 * 100000 * 20) / ask) * 100) / 100).toFixed(2);
    const o = (await submit(token, { cont: lots, multiple: 20 })).data;
    expect(o.Status).toBe(1);
    expect((await detail()).RiskStatus).toBe('ok');
    // A fall of ~1.9 %: a loss of ~30 000 on ~17 BTC puts the risk rate near 78 %, between the
    // margin-call (100 %) and stop-out (50 %) levels.
    const riskOf = (f: Record<string, unknown>) =>
      (f.data as { RiskStatus?: string } | undefined)?.RiskStatus;
    const warned = socket.next((f) => f.type === 'FOREX_TRADE' && riskOf(f) === 'margin_call', 30_000);
    (s.market.feed as unknown as { setStartPrice(id: number, mid: number, t: number): void }).setStartPrice(
      btc.Id,
      ask - 30000 / Number(lots),
      s.clock.ms,
    );
    for (let i = 0; i < 3; i++) {
      s.tick(1_000);
      await new Promise((r) => setTimeout(r, 300)); // the account monitor pushes on its own timer
      await s.engine.idle();
    }
    const summary = await detail();
    expect(summary.RiskStatus).toBe('margin_call');
    expect(Number(summary.HazardRate)).toBeGreaterThan(50);
    expect(Number(summary.HazardRate)).toBeLessThanOrEqual(100);
    expect(riskOf(await warned)).toBe('margin_call');
    // A warning, not a close: the position is still open.
    expect(await sqlCount(s, sql`select count(*) as n from orders where id = ${o.Id} and status = 1`)).toBe(
      1,
    );
    socket.close();
  });

  it('answers a repeated Idempotency-Key with the first answer instead of acting twice', async () => {
    const token = await demo('trade-idem-0001');
    const url = `/v1/api/forex/submit?type=1&cont=0.1&forex_id=${btc.Id}&status=1&multiple=10`;
    const headers = { authorization: token, lang: 'en', 'idempotency-key': 'retry-key-0001' };
    const [a, b] = await Promise.all([
      s.app.inject({ method: 'GET', url, headers }),
      s.app.inject({ method: 'GET', url, headers }),
    ]);
    const answers = [a.json(), b.json()];
    // Concurrent twins: one acts, the other sees it in progress or gets the same answer.
    expect(answers.filter((x) => x.code === 1).length).toBeGreaterThanOrEqual(1);
    const c = (await s.app.inject({ method: 'GET', url, headers })).json();
    const first = answers.find((x) => x.code === 1)!;
    expect(c).toEqual(first);
    // The same lots written another way are the same request (not 'key used for another request').
    const same = (
      await s.app.inject({ method: 'GET', url: url.replace('cont=0.1', 'cont=0.100'), headers })
    ).json();
    expect(same).toEqual(first);
    // Repeated in another language: the same answer, its message in the repeat's language.
    const inChinese = (
      await s.app.inject({ method: 'GET', url, headers: { ...headers, lang: 'hk' } })
    ).json();
    expect(inChinese).toEqual({ ...first, msg: translate('hk', 'ok.order_confirmed') });
    expect(inChinese.msg).not.toBe(first.msg);
    expect((await call(token, '/v1/api/forex/my_deal', { status: 1, page: 1 })).data.total).toBe(1);
    // A refusal is remembered too; another key acts again.
    const other = (
      await s.app.inject({ method: 'GET', url, headers: { ...headers, 'idempotency-key': 'retry-key-0002' } })
    ).json();
    expect(other.code).toBe(1);
    expect((await call(token, '/v1/api/forex/my_deal', { status: 1, page: 1 })).data.total).toBe(2);

    // A close repeated with its key answers the first close (not 'not an open position').
    const closeUrl = `/v1/api/forex/close?id=${first.data.Id}`;
    const closeHeaders = { ...headers, 'idempotency-key': 'close-key-0001' };
    const closed = (await s.app.inject({ method: 'GET', url: closeUrl, headers: closeHeaders })).json();
    expect(closed.code).toBe(1);
    expect((await s.app.inject({ method: 'GET', url: closeUrl, headers: closeHeaders })).json()).toEqual(
      closed,
    );
    // A key is scoped to its call: the submit's key sent to close is a new request, never the
    // submit's answer (here: the position is already closed).
    const reused = (await s.app.inject({ method: 'GET', url: closeUrl, headers })).json();
    expect(reused.code).not.toBe(1);
    expect(reused.data).toBeNull();
  });

  it('refuses a malformed Idempotency-Key instead of acting without it', async () => {
    const token = await demo('trade-idem-bad1');
    const url = `/v1/api/forex/submit?type=1&cont=0.1&forex_id=${btc.Id}&status=1&multiple=10`;
    for (const key of ['{6f1c2a9e-1b2c-4d3e-9f00-aa11bb22cc33}', 'key.with.dots.1234', 'short', '']) {
      const res = await s.app.inject({
        method: 'GET',
        url,
        headers: { authorization: token, lang: 'en', 'idempotency-key': key },
      });
      expect(res.json(), key).toEqual({ code: 1001, msg: 'Invalid value for Idempotency-Key', data: null });
    }
    expect((await call(token, '/v1/api/forex/my_deal', { status: 1, page: 1 })).data.total).toBe(0);
  });

  it('never acts on a HEAD request to a call that acts', async () => {
    const token = await demo('trade-head-0001');
    const placed = await submit(token, {});
    expect(placed.code).toBe(1);
    for (const url of [
      `/v1/api/forex/submit?type=1&cont=0.1&forex_id=${btc.Id}&status=1&multiple=10`,
      `/v1/api/forex/close?id=${placed.data.Id}`,
      '/v1/api/main/user/resetForexDemoAccount',
    ]) {
      const res = await s.app.inject({ method: 'HEAD', url, headers: { authorization: token, lang: 'en' } });
      expect(res.statusCode, url).toBe(404);
    }
    const holding = (await call(token, '/v1/api/forex/my_deal', { status: 1, page: 1 })).data;
    expect(holding.data.map((o: { Id: number }) => o.Id)).toEqual([placed.data.Id]);
  });

  it('lets pages of its own domain family call it cross-origin (www.x.com → api.x.com), and no others', async () => {
    const preflight = (origin: string) =>
      s.app.inject({
        method: 'OPTIONS',
        url: '/v1/api/forex/submit',
        headers: {
          host: 'api.broker.example',
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization,lang,idempotency-key',
        },
      });
    const ok = await preflight('https://www.broker.example');
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://www.broker.example');
    expect(String(ok.headers['access-control-allow-headers'])).toContain('idempotency-key');
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    const evil = await preflight('https://www.broker.example.evil.test');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const get = await s.app.inject({
      method: 'GET',
      url: '/api/basicSet/getBasicInfo',
      headers: { host: 'api.broker.example', origin: 'https://pc.broker.example' },
    });
    expect(get.json().code).toBe(1);
    expect(get.headers['access-control-allow-origin']).toBe('https://pc.broker.example');
  });

  it('holds one account to its command rate, before its Idempotency-Key is claimed', async () => {
    const token = await demo('trade-rate-0001');
    const other = await demo('trade-rate-0002');
    const cancel = (t: string, key?: string) =>
      s.app
        .inject({
          method: 'GET',
          url: '/v1/api/forex/cancel_trade?id=999999999',
          headers: { authorization: t, lang: 'en', ...(key ? { 'idempotency-key': key } : {}) },
        })
        .then((r) => r.json() as { code: number; msg: string });
    // A burst of COMMAND_BURST commands is taken (each refused on its own merits: no such order)…
    const burst = await Promise.all(Array.from({ length: COMMAND_BURST }, () => cancel(token)));
    expect(burst.every((r) => r.code === 4020)).toBe(true);
    // …the next is refused for its rate, in the trader's language; other accounts are not held.
    expect(await cancel(token)).toEqual({
      code: 1029,
      msg: 'Too many requests, please try again later',
      data: null,
    });
    expect((await cancel(other)).code).toBe(4020);
    // A throttled request with a key leaves the key unused: its retry, once the rate allows, acts.
    expect((await cancel(token, 'throttled-0001')).code).toBe(1029);
    s.clock.advance(1_000);
    expect((await cancel(token, 'throttled-0001')).code).toBe(4020);
    const left = await Promise.all(Array.from({ length: COMMANDS_PER_SECOND }, () => cancel(token)));
    expect(left.filter((r) => r.code === 1029).length).toBe(1);
  });

  it('refuses a key sent again with a different request, and takes the same one in another field order', async () => {
    const token = await demo('trade-idem-0002');
    const headers = { authorization: token, lang: 'en', 'idempotency-key': 'retry-key-0003' };
    const url = (cont: string) =>
      `/v1/api/forex/submit?type=1&cont=${cont}&forex_id=${btc.Id}&status=1&multiple=10`;
    const first = (await s.app.inject({ method: 'GET', url: url('0.1'), headers })).json();
    expect(first.code).toBe(1);
    // A client bug reusing its key for another order: refused, not answered with the first order.
    const other = (await s.app.inject({ method: 'GET', url: url('0.2'), headers })).json();
    expect(other).toEqual({
      code: 1005,
      msg: "This request's key was already used for a different request",
      data: null,
    });
    // The same order with its fields in another order is the same request: the first answer.
    const reordered = `/v1/api/forex/submit?multiple=10&status=1&forex_id=${btc.Id}&cont=0.1&type=1`;
    expect((await s.app.inject({ method: 'GET', url: reordered, headers })).json()).toEqual(first);
    expect((await call(token, '/v1/api/forex/my_deal', { status: 1, page: 1 })).data.total).toBe(1);
    // And a repeat while the first is still running is refused the same way when it asks another thing.
    const userId = 9_000_002;
    const key = scopedKey('/v1/api/forex/close', 'running-0001');
    const t0 = new Date(s.clock.ms);
    expect(await claimKey(s.database.db, userId, key, '/v1/api/forex/close', 'digest-a', t0)).toEqual({
      kind: 'new',
      claimedAt: t0,
    });
    expect(await claimKey(s.database.db, userId, key, '/v1/api/forex/close', 'digest-b', t0)).toEqual({
      kind: 'other_request',
    });
    expect(await claimKey(s.database.db, userId, key, '/v1/api/forex/close', 'digest-a', t0)).toEqual({
      kind: 'in_progress',
    });
    await releaseKey(s.database.db, userId, key, t0);
  });

  it("keeps a refusal as a key's answer, but frees the key when the engine was recovering (nothing done)", async () => {
    const userId = 9_000_003;
    const request = (sentKey: string) => ({
      ownerId: userId,
      sentKey,
      route: '/v1/api/forex/close',
      digest: 'digest-r',
      lang: 'en' as const,
      msgKey: 'ok.order_closed',
    });
    const refuse = (name: 'ORDER_NOT_HOLDING' | 'SERVICE_RECOVERING') => () => {
      throw new AppError(name);
    };
    await expect(
      answerOnce(s.database.db, request('refused-0001'), refuse('ORDER_NOT_HOLDING')),
    ).rejects.toThrow();
    expect(await answerOnce(s.database.db, request('refused-0001'), () => 'acted')).toMatchObject({
      code: 4021,
    });
    await expect(
      answerOnce(s.database.db, request('recovering-0001'), refuse('SERVICE_RECOVERING')),
    ).rejects.toThrow();
    expect(await answerOnce(s.database.db, request('recovering-0001'), () => 'acted')).toMatchObject({
      code: 1,
      data: 'acted',
    });
  });

  it('answers a claim left unanswered by a dead process "outcome unknown" and never runs it again, and prunes old answers', async () => {
    const userId = 9_000_001;
    // Claimed over ten minutes ago by the wall clock, which answerOnce reads.
    const t0 = new Date(Date.now() - ABANDONED_CLAIM_MS - 5_000);
    const key = scopedKey('/v1/api/forex/close', 'abandoned-0001');
    const route = '/v1/api/forex/close';
    expect(await claimKey(s.database.db, userId, key, route, 'digest-1', t0)).toEqual({
      kind: 'new',
      claimedAt: t0,
    });
    // The process died here, before or after acting (nothing tells which): no answer, no release.
    // A retry a minute later still waits…
    const later = (ms: number) => new Date(t0.getTime() + ms);
    expect(await claimKey(s.database.db, userId, key, route, 'digest-1', later(60_000))).toEqual({
      kind: 'in_progress',
    });
    // …one past the abandonment limit learns the claim was abandoned…
    expect(
      await claimKey(s.database.db, userId, key, route, 'digest-1', later(ABANDONED_CLAIM_MS + 1)),
    ).toEqual({ kind: 'abandoned', claimedAt: t0 });
    // …and is answered 'outcome unknown' without running: running again placed a second order
    // whenever the first had been committed just before the process died.
    let ran = 0;
    const request = {
      ownerId: userId,
      sentKey: 'abandoned-0001',
      route,
      digest: 'digest-1',
      lang: 'en' as const,
      msgKey: 'ok.order_closed',
    };
    await expect(
      answerOnce(s.database.db, request, () => {
        ran++;
        return 'acted';
      }),
    ).rejects.toMatchObject({ errorName: 'REQUEST_OUTCOME_UNKNOWN', code: 1006 });
    expect(ran).toBe(0);
    // Every repeat hears the same (in its own language); the dead request's late answer cannot replace it.
    await storeAnswer(s.database.db, userId, key, t0, { code: 1, msg: 'stale', data: null });
    expect(await answerOnce(s.database.db, { ...request, lang: 'de' }, () => ran++)).toMatchObject({
      code: 1006,
      msg: 'Diese Anfrage wurde unterbrochen und wurde möglicherweise ausgeführt. Prüfen Sie Ihre Orders und den Verlauf, bevor Sie sie erneut senden',
    });
    expect(ran).toBe(0);
    // Answers older than the retention are forgotten; newer ones are kept.
    const count = async () =>
      sqlCount(s, sql`select count(*) as n from idempotency_keys where user_id = ${userId}`);
    expect(await count()).toBe(1);
    expect(await pruneKeys(s.database.db, t0)).toBe(0);
    expect(await pruneKeys(s.database.db, later(1))).toBe(1);
    expect(await count()).toBe(0);
  });

  it('answers a claim left unanswered by the previous run "outcome unknown" at once, not "in progress" for ten minutes', async () => {
    const userId = 9_000_004;
    const route = '/v1/api/forex/submit';
    const key = scopedKey(route, 'previous-run-0001');
    // Claimed a moment before this process started (the server before it, killed mid-request).
    const t0 = new Date(runStartedAt().getTime() - 1);
    expect(await claimKey(s.database.db, userId, key, route, 'digest-p', t0)).toEqual({
      kind: 'new',
      claimedAt: t0,
    });
    // Young as the claim is, no process of this run holds it.
    expect(await claimKey(s.database.db, userId, key, route, 'digest-p', new Date(), runStartedAt())).toEqual(
      { kind: 'abandoned', claimedAt: t0 },
    );
    let ran = 0;
    const request = {
      ownerId: userId,
      sentKey: 'previous-run-0001',
      route,
      digest: 'digest-p',
      lang: 'en' as const,
      msgKey: 'ok.order_confirmed',
    };
    await expect(answerOnce(s.database.db, request, () => ran++)).rejects.toMatchObject({ code: 1006 });
    expect(ran).toBe(0);
    // A claim of this run, as young, is still running.
    const mine = scopedKey(route, 'this-run-000001');
    const now = new Date();
    await claimKey(s.database.db, userId, mine, route, 'digest-q', now);
    expect(
      await claimKey(s.database.db, userId, mine, route, 'digest-q', new Date(), runStartedAt()),
    ).toEqual({
      kind: 'in_progress',
    });
    await releaseKey(s.database.db, userId, mine, now);
  });

  it('takes a demo reset retried with its key and another cache-busting t as the same request', async () => {
    const token = await demo('trade-reset-key-01');
    const reset = (t: number) =>
      s.app
        .inject({
          method: 'GET',
          url: `/v1/api/main/user/resetForexDemoAccount?t=${t}`,
          headers: { authorization: token, lang: 'en', 'idempotency-key': 'reset-key-00001' },
        })
        .then((r) => r.json());
    const first = await reset(1);
    expect(first.code).toBe(1);
    expect(await reset(2)).toEqual(first);
  });

  it('resets a demo account: everything closed, the starting balance restored; refused for real accounts', async () => {
    const token = await demo('trade-reset-0001');
    await submit(token, {});
    await submit(token, { status: 0, target_price: (btc.ForexQuotations.Bid * 0.5).toFixed(2) });
    const r = await call(token, '/v1/api/main/user/resetForexDemoAccount', {});
    expect(r).toEqual({ code: 1, msg: 'Demo account reset', data: null });
    expect((await getJson(s, '/v1/api/main/wallet/getBalance', { authorization: token })).data.balance).toBe(
      '100000.00',
    );
    expect((await call(token, '/v1/api/forex/my_deal', { status: 1, page: 1 })).data.total).toBe(0);
    expect((await call(token, '/v1/api/forex/my_deal', { status: 0, page: 1 })).data.total).toBe(0);
    const real = await registerEmail(s, 'trader@example.com');
    expect((await call(real.token, '/v1/api/main/user/resetForexDemoAccount', {})).code).toBe(4023);
    expect(await findMismatchedAccounts(s.database.db)).toEqual([]);
  });
});
