import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from './support/databases.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

describe.each(DB_KINDS)('envelope and error rules on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s?.stop());

  it('answers an unknown API path with an enveloped, localized 404 under both prefixes', async () => {
    for (const url of ['/api/nothing/here', '/v1/api/nothing', '/api']) {
      const res = await s.app.inject({ method: 'GET', url, headers: { lang: 'en' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ code: 1004, msg: 'This function does not exist', data: null });
    }
    const post = await s.app.inject({
      method: 'POST',
      url: '/api/nothing',
      headers: { lang: 'fr' },
      payload: {},
    });
    expect(post.json().code).toBe(1004);
    expect(post.json().msg).not.toBe('This function does not exist'); // French, not English
  });

  it('never answers bad input with a 5xx, an HTML page or a stack trace', async () => {
    const cases = [
      {
        method: 'POST' as const,
        url: '/api/user/info',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      },
      { method: 'GET' as const, url: '/v1/api/forex/kline?forex_id=-1&period=1min' },
      { method: 'GET' as const, url: '/v1/api/forex/kline?forex_id=abc&period=1min' },
      { method: 'GET' as const, url: `/v1/api/forex/trade_list?searchCurrency=${'x'.repeat(500)}` },
      { method: 'GET' as const, url: '/api/user/createAccountDemoForU?demo_id=%00%00' },
      { method: 'GET' as const, url: '/api/default/setting?key=no_such_key' },
    ];
    for (const c of cases) {
      const res = await s.app.inject(c);
      expect(res.statusCode, c.url).toBeLessThan(500);
      const body = res.json();
      expect(body.code, c.url).not.toBe(1);
      expect(typeof body.msg).toBe('string');
      expect(res.body).not.toMatch(/at .*\.ts:\d+|<html/i);
    }
  });

  it('answers a request the HTTP parser cannot read (headers over 16 KB) with an envelope too', async () => {
    const res = await fetch(`${s.baseUrl}/v1/api/forex/my_deal?status=1&x=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ code: 1002, msg: 'The request could not be read', data: null });
    // The server still answers afterwards.
    const after = (await (await fetch(`${s.baseUrl}/api/basicSet/getBasicInfo`)).json()) as { code: number };
    expect(after.code).toBe(1);
  });

  it("answers a malformed amount with the amount's own message (6003), not 'Invalid value for number'", async () => {
    const login = await s.app.inject({
      method: 'GET',
      url: '/api/user/createAccountDemoForU?demo_id=device-amount-0001',
    });
    const { token } = login.json().data;
    for (const number of ['12.345', '.5', '1e3', '12,50', '1234567890123456789012']) {
      const r = await s.app.inject({
        method: 'POST',
        url: '/api/account/draw',
        headers: { authorization: token, lang: 'de', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          draw_currency_id: '1',
          number,
          memo: '',
          draw_method_id: '1',
        }).toString(),
      });
      expect(r.json(), number).toMatchObject({
        code: 6003,
        msg: 'Geben Sie einen Betrag über 0 mit höchstens 2 Nachkommastellen ein',
      });
    }
    // Other fields keep the generic message naming the field.
    const other = await s.app.inject({
      method: 'POST',
      url: '/api/account/draw',
      headers: { authorization: token, lang: 'en', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'draw_currency_id=x&number=10&memo=&draw_method_id=1',
    });
    expect(other.json()).toMatchObject({ code: 1001 });
    expect(other.json().msg).toContain('draw_currency_id');
  });

  it('accepts the t parameter on GET calls', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/basicSet/getBasicInfo?t=1795315123881' });
    expect(res.json().code).toBe(1);
  });

  it('answers 999 when a login-only call comes without, with a bad or with an expired token', async () => {
    const none = await s.app.inject({ method: 'GET', url: '/api/user/info', headers: { lang: 'en' } });
    expect(none.json()).toEqual({ code: 999, msg: 'Please log in again', data: null });
    const bad = await s.app.inject({
      method: 'GET',
      url: '/v1/api/main/wallet/getBalance',
      headers: { authorization: 'x'.repeat(43) },
    });
    expect(bad.json().code).toBe(999);
    const login = await s.app.inject({
      method: 'GET',
      url: '/api/user/createAccountDemoForU?demo_id=device-expiry-0001',
    });
    const { token } = login.json().data;
    const ok = await s.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { authorization: token },
    });
    expect(ok.json().code).toBe(1);
    s.clock.advance(31 * 86_400_000);
    const expired = await s.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { authorization: token },
    });
    expect(expired.json().code).toBe(999);
  });

  it('serves base settings, single settings and the calling codes without the excluded countries', async () => {
    const info = (await s.app.inject({ method: 'GET', url: '/api/basicSet/getBasicInfo' })).json().data;
    expect(info).toEqual({
      service_link: expect.any(String),
      service_link_type: expect.any(Number),
      verify_reg_type: expect.any(Number),
      trade_fee_type: expect.any(Number),
      title: 'Meridian',
      email: expect.stringContaining('@'),
    });
    const one = (
      await s.app.inject({ method: 'GET', url: '/api/default/setting?key=trade_fee_type' })
    ).json();
    expect(one.data).toEqual([{ key: 'trade_fee_type', value: '2' }]);
    const all = (await s.app.inject({ method: 'GET', url: '/api/default/setting' })).json();
    expect(all.data.length).toBeGreaterThan(5);
    const areas = (await s.app.inject({ method: 'GET', url: '/api/default/area_list' })).json().data;
    const codes = new Set(areas.map((a: { code: string }) => a.code));
    for (const excluded of ['KP', 'IL', 'CN', 'VU', 'CU']) expect(codes.has(excluded)).toBe(false);
    expect(areas).toContainEqual({
      id: expect.any(Number),
      code: 'GB',
      global_code: '+44',
      name: 'United Kingdom',
    });
    expect(areas.length).toBeGreaterThan(200);
  });

  it('publishes the OpenAPI document generated from the contracts', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/v1/api/forex/trade_list',
      '/v1/api/forex/kline',
      '/api/user/createAccountDemoForU',
      '/api/default/area_list',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    const kline = doc.paths['/v1/api/forex/kline'].get;
    expect(kline.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['forex_id', 'period']),
    );
    expect(doc.components.schemas.SocketClientMessage).toBeDefined();
    expect(JSON.stringify(doc.components.schemas.SocketServerMessage)).toContain('login_result');
    const page = await s.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
