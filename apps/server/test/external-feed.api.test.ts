import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { loadConfig } from '../src/config.ts';
import type { ExternalFeed } from '../src/market/external-feed.ts';
import { createServer } from '../src/server.ts';
import { getJson } from './support/accounts.ts';
import { ManualClock, WEDNESDAY_NOON_UTC } from './support/clock.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const until = async (ok: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** The server on MARKET_FEED=external, priced by a stand-in for the broker's price bridge. */
describe('trading on prices from an external bridge (MARKET_FEED=external)', () => {
  let s: TestServer;
  let bridge: WebSocketServer;
  const subscribed: unknown[] = [];
  const clients: WebSocket[] = [];
  const send = (m: unknown) => {
    for (const c of clients) c.send(JSON.stringify(m));
  };
  let btc: number;

  beforeAll(async () => {
    bridge = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((r) => bridge.once('listening', () => r()));
    bridge.on('connection', (ws) => {
      clients.push(ws);
      ws.on('message', (d) => subscribed.push(JSON.parse(String(d))));
    });
    const { port } = bridge.address() as { port: number };
    s = await startTestServer('pglite', {
      env: {
        MARKET_FEED: 'external',
        MARKET_FEED_URL: `ws://127.0.0.1:${port}`,
        MARKET_FEED_SYMBOLS: 'BTCUSD=XBT/USD',
        MARKET_FEED_MAX_AGE_MS: '5000',
      },
    });
    s.market.feed.start();
    await until(() => subscribed.length === 1);
    btc = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0].Id;
  });
  afterAll(async () => {
    await s?.stop();
    for (const c of bridge.clients) c.terminate();
    await new Promise((r) => bridge.close(r));
  });

  const submit = async (device: string) => {
    const token = (await getJson(s, `/api/user/createAccountDemoForU?demo_id=${device}`)).data
      .token as string;
    return getJson(s, `/v1/api/forex/submit?type=1&cont=0.1&forex_id=${btc}&status=1&multiple=10`, {
      authorization: token,
    });
  };

  it("subscribes with the bridge's symbols, fills at its quote with the broker's spread, and records that quote", async () => {
    expect(subscribed[0]).toMatchObject({
      type: 'subscribe',
      symbols: expect.arrayContaining(['XBT/USD', 'EURUSD']),
    });
    // No price yet: nothing fills, and no history was invented for the charts (a first start).
    expect((await submit('ext-feed-none-0001')).code).toBe(4013);
    const kline = await getJson(s, `/v1/api/forex/kline?forex_id=${btc}&period=1min&t=1`);
    expect(kline.data).toEqual([]);

    // A first print is taken when a later one confirms it (nothing to check it against yet).
    send({ symbol: 'XBT/USD', bid: 99_996, ask: 100_016, time: Date.now() - 1 });
    send({ symbol: 'XBT/USD', bid: 100_000, ask: 100_020, time: Date.now() });
    await until(() => (s.market.feed as ExternalFeed).counts.quotes === 1);
    const listed = (await getJson(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0];
    const spread = (await s.database.db.execute(
      sql`select spread_points from instruments where id = ${btc}`,
    )) as unknown as {
      rows: Array<{ spread_points: number }>;
    };
    // Mid 100 010 with the instrument's own spread (points of 0.01) around it.
    const points = spread.rows[0]!.spread_points;
    expect(listed.ForexQuotations.Ask - listed.ForexQuotations.Bid).toBeCloseTo(points / 100, 6);
    expect((listed.ForexQuotations.Ask + listed.ForexQuotations.Bid) / 2).toBeCloseTo(100_010, 1);

    const r = await submit('ext-feed-fill-0001');
    expect(r.code).toBe(1);
    expect(r.data.Price).toBe(listed.ForexQuotations.Ask);
    const row = (await s.database.db.execute(
      sql`select open_bid, open_ask, open_quote_seq from orders where id = ${r.data.Id}`,
    )) as unknown as { rows: Array<{ open_bid: string; open_ask: string; open_quote_seq: string }> };
    expect(Number(row.rows[0]!.open_ask)).toBe(listed.ForexQuotations.Ask);
    expect(Number(row.rows[0]!.open_bid)).toBe(listed.ForexQuotations.Bid);
    expect(Number(row.rows[0]!.open_quote_seq)).toBe(1);
    // The chart's live candle is the bridge's price.
    const live = await getJson(s, `/v1/api/forex/kline?forex_id=${btc}&period=1min&t=2`);
    expect(live.data).toHaveLength(1);
    expect(live.data[0].Close).toBeCloseTo(100_010, 1);
  });

  it('fills at a quote younger than MARKET_FEED_MAX_AGE_MS, refuses an older one, and fills again once the bridge quotes', async () => {
    s.clock.advance(4_000); // older than the simulation's rule for BTC (5 × 300 ms), within this one
    expect((await submit('ext-feed-young-0001')).code).toBe(1);
    s.clock.advance(1_001);
    expect((await submit('ext-feed-stale-0001')).code).toBe(4013);
    send({ symbol: 'XBT/USD', bid: 100_100, ask: 100_120, time: Date.now() });
    await until(() => (s.market.feed as ExternalFeed).counts.quotes === 2);
    expect((await submit('ext-feed-stale-0002')).code).toBe(1);
  });

  it('fills nothing while the bridge is away, however young its last quote', async () => {
    send({ symbol: 'XBT/USD', bid: 100_200, ask: 100_220, time: Date.now() });
    await until(() => (s.market.feed as ExternalFeed).counts.quotes === 3);
    for (const c of clients) c.terminate();
    await until(() => !(s.market.feed as ExternalFeed).connected);
    expect((await submit('ext-feed-away-0001')).code).toBe(4013);
    // It reconnects by itself, and the next quote is live again.
    await until(() => (s.market.feed as ExternalFeed).connected, 10_000);
    send({ symbol: 'XBT/USD', bid: 100_300, ask: 100_320, time: Date.now() });
    await until(() => (s.market.feed as ExternalFeed).counts.quotes === 4);
    expect((await submit('ext-feed-away-0002')).code).toBe(1);
  });
});

describe('a restart on MARKET_FEED=external', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-external-'));
  let bridge: WebSocketServer;
  const clients: WebSocket[] = [];
  afterAll(async () => {
    for (const c of bridge?.clients ?? []) c.terminate();
    await new Promise((r) => bridge?.close(r));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('values open positions at the last price saved until the bridge quotes again, and fills nothing at it', async () => {
    bridge = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((r) => bridge.once('listening', () => r()));
    bridge.on('connection', (ws) => clients.push(ws));
    const { port } = bridge.address() as { port: number };
    const clock = new ManualClock(WEDNESDAY_NOON_UTC);
    const boot = () =>
      createServer({
        config: loadConfig({
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          MARKET_FEED: 'external',
          MARKET_FEED_URL: `ws://127.0.0.1:${port}`,
        }),
        clock,
        autoStartMarket: false,
        logger: false,
      });
    const send = (m: unknown) => {
      for (const c of clients) if (c.readyState === c.OPEN) c.send(JSON.stringify(m));
    };
    const get = async (srv: Awaited<ReturnType<typeof boot>>, url: string, token?: string) =>
      (await srv.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} })).json();

    let s = await boot();
    s.market.feed.start();
    await until(() => (s.market.feed as ExternalFeed).connected);
    send({ symbol: 'BTCUSD', bid: 99_996, ask: 100_016, time: Date.now() - 1 });
    send({ symbol: 'BTCUSD', bid: 100_000, ask: 100_020, time: Date.now() });
    await until(() => (s.market.feed as ExternalFeed).counts.quotes === 1);
    const btc = (await get(s, '/v1/api/forex/trade_list?searchCurrency=BTCUSD')).data[0].Id as number;
    const token = (await get(s, '/api/user/createAccountDemoForU?demo_id=ext-restart-0001')).data
      .token as string;
    const opened = await get(
      s,
      `/v1/api/forex/submit?type=1&cont=1&forex_id=${btc}&status=1&multiple=10`,
      token,
    );
    expect(opened.code).toBe(1);
    // The market falls 5 % (confirmed by a second print), and the server stops.
    clock.advance(1000);
    send({ symbol: 'BTCUSD', bid: 95_000, ask: 95_020, time: Date.now() });
    clock.advance(1000);
    send({ symbol: 'BTCUSD', bid: 95_010, ask: 95_030, time: Date.now() + 1 });
    await until(() => (s.market.feed as ExternalFeed).counts.quotes === 2);
    const loss = (await get(s, '/v1/api/main/account/forexDetail', token)).data;
    expect(Number(loss.ProfitsTotal)).toBeLessThan(-4_000); // 1 BTC bought near 100 020, bid now 95 010
    await s.close();
    for (const c of clients) c.terminate();

    clock.advance(3_000); // a quick restart: the last quote is younger than the live age
    s = await boot();
    s.market.feed.start();
    await until(() => (s.market.feed as ExternalFeed).connected);
    // Before any new quote: the position is valued at the last price (the loss is still there) …
    const after = (await get(s, '/v1/api/main/account/forexDetail', token)).data;
    expect(after).toEqual(loss);
    // … and nothing fills at it, however quick the restart was.
    const refused = await get(
      s,
      `/v1/api/forex/submit?type=1&cont=1&forex_id=${btc}&status=1&multiple=10`,
      token,
    );
    expect(refused.code).toBe(4013);
    await s.close();
  });
});
