import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

type Envelope = { code: number; msg: string; data: any };

describe.each(DB_KINDS)('market calls on %s', (kind) => {
  let s: TestServer;
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await s.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json() as Envelope };
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
    s.tick(10_000);
  });
  afterAll(() => s?.stop());

  it('lists about 40 instruments in 6 categories with the spec fields and live quotes', async () => {
    const { body } = await get(`/v1/api/forex/trade_list?t=${Date.now()}`);
    expect(body.code).toBe(1);
    expect(body.data.length).toBeGreaterThanOrEqual(38);
    const categories = new Set(body.data.map((i: any) => i.CategoryId));
    expect(categories.size).toBe(6);
    const eur = body.data.find((i: any) => i.Code === 'EURUSD');
    expect(Object.keys(eur)).toEqual(
      expect.arrayContaining([
        'Id',
        'Code',
        'ShowCode',
        'Logo',
        'CategoryId',
        'MarketStatus',
        'PricePrecision',
        'Pip',
        'ForexMinCont',
        'ForexMaxCont',
        'ForexContNum',
        'ForexFeeRate',
        'MarginMode',
        'HasForexMultiple',
        'ForexQuotations',
      ]),
    );
    expect(eur.MarketStatus).toBe(1); // Wednesday noon UTC
    expect(eur.Pip).toMatch(/^\d+(\.\d+)?$/);
    expect(eur.HasForexMultiple[0]).toHaveProperty('Value');
    const q = eur.ForexQuotations;
    expect(q.Bid).toBeLessThan(q.Ask);
    expect(q.Close).toBeGreaterThan(0);
    expect(typeof q.Change).toBe('number');
  });

  it('filters by searchCurrency, case-insensitively, on code and display code', async () => {
    const { body } = await get('/v1/api/forex/trade_list?searchCurrency=eur');
    const codes = body.data.map((i: any) => i.Code);
    expect(codes).toContain('EURUSD');
    expect(codes).toContain('EURGBP');
    expect(codes).not.toContain('USDJPY');
    const none = await get('/v1/api/forex/trade_list?searchCurrency=zzzz');
    expect(none.body).toEqual({ code: 1, msg: expect.any(String), data: [] });
  });

  it('names categories in the language of the lang header (tw reads as hk)', async () => {
    const en = await get('/v1/api/forex/getCategories', { lang: 'en' });
    const hk = await get('/v1/api/forex/getCategories', { lang: 'tw' });
    expect(en.body.data.map((c: any) => c.NameShowTrans)).toEqual([
      'Forex',
      'Metals',
      'Energy',
      'Indices',
      'Crypto',
      'Stocks',
    ]);
    expect(hk.body.data[0].NameShowTrans).toBe('外匯');
    expect(en.body.data[0]).toEqual({ Id: expect.any(Number), Key: 'forex', NameShowTrans: 'Forex' });
  });

  it.each(['1min', '5min', '15min', '30min', '60min', '1day'])(
    'serves %s candles oldest first',
    async (period) => {
      const list = await get('/v1/api/forex/trade_list?searchCurrency=BTCUSD');
      const id = list.body.data[0].Id;
      const { body } = await get(`/v1/api/forex/kline?forex_id=${id}&period=${period}&t=1`);
      expect(body.code).toBe(1);
      expect(body.data.length).toBeGreaterThan(1);
      const times = body.data.map((c: any) => c.Time);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      for (const c of body.data) {
        expect(Object.keys(c).sort()).toEqual(['Close', 'High', 'Low', 'Open', 'Time', 'Volume']);
        expect(c.High).toBeGreaterThanOrEqual(Math.max(c.Open, c.Close));
        expect(c.Low).toBeLessThanOrEqual(Math.min(c.Open, c.Close));
      }
      const short = await get(`/v1/api/forex/abbreviated_cache_kline?forex_id=${id}&period=${period}`);
      expect(short.body.data.length).toBeLessThanOrEqual(60);
      expect(short.body.data.at(-1)).toEqual(body.data.at(-1));
    },
  );

  it('refuses a bad period or an unknown instrument with a named, localized message', async () => {
    const badPeriod = await get('/v1/api/forex/kline?forex_id=1&period=2min', { lang: 'en' });
    expect(badPeriod.status).toBe(200);
    expect(badPeriod.body).toEqual({ code: 1001, msg: 'Invalid value for period', data: null });
    const missing = await get('/v1/api/forex/kline?period=1min', { lang: 'en' });
    expect(missing.body.msg).toBe('Invalid value for forex_id');
    const unknown = await get('/v1/api/forex/kline?forex_id=99999&period=1min', { lang: 'en' });
    expect(unknown.body).toEqual({ code: 2001, msg: 'This product does not exist', data: null });
  });

  it('moves prices as the market ticks and stays still for closed forex at the weekend', async () => {
    const before = await get('/v1/api/forex/trade_list?searchCurrency=EURUSD');
    s.tick(30_000);
    const after = await get('/v1/api/forex/trade_list?searchCurrency=EURUSD');
    expect(after.body.data[0].ForexQuotations.Time).toBeGreaterThan(before.body.data[0].ForexQuotations.Time);
  });

  it('serves instrument logos as images', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/static/logo/EURUSD.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect((await s.app.inject({ method: 'GET', url: '/static/logo/%3Cscript%3E.svg' })).statusCode).toBe(
      404,
    );
  });

  // Last: it stops the market.
  it('saves the forming minute as it stands when the market stops (its ticks are in no other candle)', async () => {
    s.tick(25_000);
    const kline = await get('/v1/api/forex/kline?forex_id=1&period=1min');
    const forming = kline.body.data.at(-1);
    await s.market.stop();
    const rows = (await s.database.db.execute(
      sql`select time, open, high, low, close from candles
          where instrument_id = 1 and period = '1min' order by time desc limit 1`,
    )) as unknown as { rows: Array<Record<string, string | number>> };
    const saved = rows.rows[0]!;
    expect(Number(saved.time)).toBe(forming.Time);
    expect([saved.open, saved.high, saved.low, saved.close].map(Number)).toEqual([
      forming.Open,
      forming.High,
      forming.Low,
      forming.Close,
    ]);
  });
});
