import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FRAMES_PER_SECOND } from '../src/ws/socket-gateway.ts';
import { DB_KINDS } from './support/databases.ts';
import { connectSocket, startTestServer, type TestServer } from './support/test-server.ts';

describe.each(DB_KINDS)('socket /v1/ws on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
    s.tick(2_000);
  });
  afterAll(() => s?.stop());

  it('answers ping with pong', async () => {
    const c = await connectSocket(s.wsUrl);
    const pong = c.next((f) => f.type === 'pong');
    c.send({ type: 'ping' });
    expect(await pong).toEqual({ type: 'pong' });
    c.close();
  });

  it('logs in with a session token and refuses a bad one with 999', async () => {
    const login = await s.app.inject({
      method: 'GET',
      url: '/api/user/createAccountDemoForU?demo_id=socket-device-0001',
    });
    const { token } = login.json().data;
    const c = await connectSocket(`${s.wsUrl}?lang=en`);
    let result = c.next((f) => f.type === 'login_result');
    c.send({ type: 'login', token: 'not-a-real-token-at-all' });
    expect(await result).toEqual({ type: 'login_result', code: 999, msg: 'Please log in again' });
    result = c.next((f) => f.type === 'login_result');
    c.send({ type: 'login', token });
    expect(await result).toMatchObject({ type: 'login_result', code: 1 });
    const out = c.next((f) => f.type === 'logout_result');
    c.send({ type: 'logout' });
    expect(await out).toMatchObject({ code: 1 });
    c.close();
  });

  it('never leaves a socket logged in that closed or failed while logging in', async () => {
    const demo = async (device: string) => {
      const r = await s.app.inject({
        method: 'GET',
        url: `/api/user/createAccountDemoForU?demo_id=${device}`,
      });
      const d = r.json().data;
      return { token: d.token as string, userId: d.user.id as number };
    };
    const a = await demo('socket-race-00001');
    // Closed while its login is still looking the session up: not registered afterwards.
    for (let i = 0; i < 5; i++) {
      const c = await connectSocket(s.wsUrl);
      c.send({ type: 'login', token: a.token });
      c.close();
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(s.userChannels.isOnline(a.userId)).toBe(false);
    // A failed login on a logged-in socket drops the identity it had: no more of its pushes.
    const b = await demo('socket-race-00002');
    const c = await connectSocket(`${s.wsUrl}?lang=en`);
    let result = c.next((f) => f.type === 'login_result');
    c.send({ type: 'login', token: b.token });
    expect(await result).toMatchObject({ code: 1 });
    expect(s.userChannels.isOnline(b.userId)).toBe(true);
    result = c.next((f) => f.type === 'login_result');
    c.send({ type: 'login', token: 'not-a-real-token-at-all' });
    expect(await result).toMatchObject({ code: 999 });
    expect(s.userChannels.isOnline(b.userId)).toBe(false);
    c.close();
  });

  it("answers a sub of the user's own topics sent right after login once the login is decided", async () => {
    const r = await s.app.inject({
      method: 'GET',
      url: '/api/user/createAccountDemoForU?demo_id=socket-resub-0001',
    });
    const { token } = r.json().data;
    const c = await connectSocket(`${s.wsUrl}?lang=en`);
    // A reconnecting client sends both at once; the login is still being looked up when the sub arrives.
    const subbed = c.next((f) => f.type === 'sub_result' && f.topic === 'FOREX_TRADE');
    c.send({ type: 'login', token });
    c.send({ type: 'sub', topic: 'FOREX_TRADE' });
    expect(await subbed).toMatchObject({ code: 1 });
    // Before any login it is accepted too: the user's own pushes flow from the login on.
    const early = await connectSocket(`${s.wsUrl}?lang=en`);
    const noted = early.next((f) => f.type === 'sub_result');
    early.send({ type: 'sub', topic: 'FOREX_TRADE' });
    expect(await noted).toMatchObject({ code: 1 });
    const pushed = early.next((f) => f.type === 'FOREX_TRADE');
    early.send({ type: 'login', token });
    expect(await pushed).toMatchObject({ data: { TransOrder: [] } });
    c.close();
    early.close();
  });

  it("stops the user's own pushes on a socket that unsubscribes, and resumes them on a sub", async () => {
    const { token } = (
      await s.app.inject({ method: 'GET', url: '/api/user/createAccountDemoForU?demo_id=socket-unsub-0001' })
    ).json().data;
    const btc = (
      await s.app.inject({ method: 'GET', url: '/v1/api/forex/trade_list?searchCurrency=BTCUSD' })
    ).json().data[0];
    const loggedIn = async () => {
      const c = await connectSocket(`${s.wsUrl}?lang=en`);
      const first = c.next((f) => f.type === 'FOREX_TRADE');
      c.send({ type: 'login', token });
      await first;
      return c;
    };
    const quiet = await loggedIn();
    const other = await loggedIn();
    const unsubbed = quiet.next((f) => f.type === 'unsub_result');
    quiet.send({ type: 'unsub', topic: 'FOREX_TRADE' });
    expect(await unsubbed).toMatchObject({ code: 1 });
    const before = quiet.frames.filter((f) => f.type === 'FOREX_TRADE').length;
    const submit = () =>
      s.app.inject({
        method: 'GET',
        url: `/v1/api/forex/submit?type=1&cont=0.01&forex_id=${btc.Id}&status=1&multiple=10`,
        headers: { authorization: token },
      });
    const toOther = other.next((f) => f.type === 'FOREX_TRADE' && (f.data as any).TransOrder.length === 1);
    expect((await submit()).json().code).toBe(1);
    await toOther; // the other socket of the same user heard of it ...
    await new Promise((r) => setTimeout(r, 600)); // ... this one, through two push rounds, did not
    expect(quiet.frames.filter((f) => f.type === 'FOREX_TRADE').length).toBe(before);
    const resubbed = quiet.next((f) => f.type === 'sub_result');
    quiet.send({ type: 'sub', topic: 'FOREX_TRADE' });
    expect(await resubbed).toMatchObject({ code: 1 });
    const again = quiet.next((f) => f.type === 'FOREX_TRADE' && (f.data as any).TransOrder.length === 2);
    expect((await submit()).json().code).toBe(1);
    await again;
    quiet.close();
    other.close();
  });

  it('closes a socket that floods it with frames (1008), and answers one that does not', async () => {
    const calm = await connectSocket(s.wsUrl);
    const flood = await connectSocket(s.wsUrl);
    const closed = new Promise<number>((resolve) => flood.ws.on('close', (code: number) => resolve(code)));
    for (let i = 0; i < MAX_FRAMES_PER_SECOND * 3; i++) flood.send({ type: 'ping' });
    expect(await closed).toBe(1008);
    const pong = calm.next((f) => f.type === 'pong');
    calm.send({ type: 'ping' });
    expect(await pong).toEqual({ type: 'pong' });
    calm.close();
  });

  it('pushes DAY_MARKET quotes to subscribers only, and stops after unsub', async () => {
    const subscriber = await connectSocket(s.wsUrl);
    const bystander = await connectSocket(s.wsUrl);
    const ack = subscriber.next((f) => f.type === 'sub_result');
    subscriber.send({ type: 'sub', topic: 'DAY_MARKET' });
    expect(await ack).toMatchObject({ topic: 'DAY_MARKET', code: 1 });
    const quote = subscriber.next((f) => f.type === 'DAY_MARKET');
    s.tick(3_000);
    const q = (await quote).data as Record<string, unknown>;
    expect(q).toEqual({
      symbol: expect.any(String),
      Id: expect.any(Number),
      Open: expect.any(Number),
      Close: expect.any(Number),
      Change: expect.any(Number),
      Bid: expect.any(Number),
      Ask: expect.any(Number),
      High: expect.any(Number),
      Low: expect.any(Number),
      MarketStatus: 1,
      Time: expect.any(Number),
    });
    expect(q.Bid as number).toBeLessThan(q.Ask as number);
    await new Promise((r) => setTimeout(r, 50));
    expect(bystander.frames.filter((f) => f.type === 'DAY_MARKET')).toEqual([]);

    const unsubAck = subscriber.next((f) => f.type === 'unsub_result');
    subscriber.send({ type: 'unsub', topic: 'DAY_MARKET' });
    await unsubAck;
    const countAfterUnsub = subscriber.frames.length;
    s.tick(3_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(subscriber.frames.slice(countAfterUnsub).filter((f) => f.type === 'DAY_MARKET')).toEqual([]);
    subscriber.close();
    bystander.close();
  });

  it('pushes the forming candle of every period on KLINE.{code}', async () => {
    const c = await connectSocket(s.wsUrl);
    const ack = c.next((f) => f.type === 'sub_result');
    c.send({ type: 'sub', topic: 'KLINE.BTCUSD' });
    expect(await ack).toMatchObject({ code: 1 });
    s.tick(3_000);
    await new Promise((r) => setTimeout(r, 100));
    const klines = c.frames
      .filter((f) => f.type === 'KLINE.BTCUSD')
      .map((f) => f.data as Record<string, unknown>);
    expect(new Set(klines.map((k) => k.Period))).toEqual(
      new Set(['1min', '5min', '15min', '30min', '60min', '1day']),
    );
    expect(klines[0]).toMatchObject({
      symbol: 'BTCUSD',
      Time: expect.any(Number),
      Open: expect.any(Number),
      Volume: expect.any(Number),
    });
    c.close();
  });

  it('refuses unknown topics and malformed or typeless frames without dropping the connection', async () => {
    const c = await connectSocket(`${s.wsUrl}?lang=en`);
    let reply = c.next((f) => f.type === 'sub_result');
    c.send({ type: 'sub', topic: 'KLINE.NOPE' });
    expect(await reply).toMatchObject({ code: 1001, msg: 'Invalid value for topic' });
    reply = c.next((f) => f.type === 'error');
    c.send('{"no":"type"}');
    expect(await reply).toMatchObject({ code: 1002 });
    reply = c.next((f) => f.type === 'error');
    c.send('not json at all');
    expect(await reply).toMatchObject({ code: 1002 });
    const pong = c.next((f) => f.type === 'pong');
    c.send({ type: 'ping' });
    await pong;
    c.close();
  });
});

describe('socket errors a client causes', () => {
  it('closes an oversized frame with 1009 and logs one warning, not an error with a stack', async () => {
    const lines: Array<{ level: number; msg?: string; code?: string; stack?: unknown; err?: unknown }> = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const s = await startTestServer('pglite', { logger: { level: 'info', stream } });
    try {
      const c = await connectSocket(s.wsUrl);
      const closed = new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)));
      c.send({ type: 'login', token: 'x'.repeat(10_000) });
      expect(await closed).toBe(1009);
      await new Promise((r) => setTimeout(r, 100));
      const about = lines.filter(
        (l) => JSON.stringify(l).includes('WS_ERR_') || JSON.stringify(l).includes('payload'),
      );
      expect(about.map((l) => l.level)).toEqual([40]);
      expect(about[0]).toMatchObject({ code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
      expect(lines.some((l) => l.level >= 50)).toBe(false);
    } finally {
      await s.stop();
    }
  });
});
