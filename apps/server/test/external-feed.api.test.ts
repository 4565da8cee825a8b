import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import type { ExternalFeed } from '../src/market/external-feed.ts';
import { getJson } from './support/accounts.ts';
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

  it('refuses to fill at a quote older than MARKET_FEED_MAX_AGE_MS, and fills again once the bridge quotes', async () => {
    s.clock.advance(5_001);
    expect((await submit('ext-feed-stale-0001')).code).toBe(4013);
    send({ symbol: 'XBT/USD', bid: 100_100, ask: 100_120 });
    await until(() => (s.market.feed as ExternalFeed).counts.quotes === 2);
    expect((await submit('ext-feed-stale-0002')).code).toBe(1);
  });
});
