import { afterEach, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { ExternalFeed, jumpLimit, MAX_JUMP, MIN_JUMP, parseSymbolMap } from './external-feed.ts';
import { INSTRUMENT_SEEDS } from './instrument-seeds.ts';
import type { FeedInstrument, Quote } from './types.ts';

const WEDNESDAY_NOON = Date.UTC(2026, 10, 18, 12, 0, 0);
const SATURDAY_NOON = Date.UTC(2026, 10, 21, 12, 0, 0);
const seed = (code: string) => INSTRUMENT_SEEDS.find((s) => s.code === code)!;
const instruments: FeedInstrument[] = [
  { id: 1, seed: seed('EURUSD') }, // 5 digits, spread 12 points, forex hours
  { id: 2, seed: seed('XAUUSD') }, // 2 digits, spread 30 points
  { id: 3, seed: seed('BTCUSD') }, // crypto: always open
];

/** A stand-in for a broker's price bridge. */
async function startBridge(opts: { autoPong?: boolean; dropOnConnect?: boolean } = {}) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', autoPong: opts.autoPong ?? true });
  await new Promise<void>((r) => server.once('listening', () => r()));
  const received: unknown[] = [];
  const clients: WebSocket[] = [];
  server.on('connection', (ws) => {
    if (opts.dropOnConnect) {
      ws.terminate();
      return;
    }
    clients.push(ws);
    ws.on('message', (d) => received.push(JSON.parse(String(d))));
  });
  const { port } = server.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/quotes`,
    received,
    clients,
    /** A quote without a `time` key gets the test clock's now (`time: undefined` sends none). */
    send: (m: unknown) => {
      const stamp = (x: unknown) =>
        x && typeof x === 'object' && 'symbol' in x && !('time' in x) ? { ...x, time: now } : x;
      const body = typeof m === 'string' ? m : JSON.stringify(Array.isArray(m) ? m.map(stamp) : stamp(m));
      for (const c of clients) if (c.readyState === c.OPEN) c.send(body);
    },
    close: () =>
      new Promise<void>((r) => {
        for (const c of server.clients) c.terminate();
        server.close(() => r());
      }),
  };
}

const until = async (ok: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

let now = WEDNESDAY_NOON;

describe('external market feed (a price bridge over a WebSocket)', () => {
  let bridge: Awaited<ReturnType<typeof startBridge>>;
  let feed: ExternalFeed;
  const quotes: Quote[] = [];
  async function open(
    symbols = new Map<string, string>(),
    opts: {
      autoPong?: boolean;
      dropOnConnect?: boolean;
      /** Prices saved before a restart (mid and how long ago); default: near the tests' first prints. */
      restore?: Record<number, [number, number]> | null;
    } = {},
  ) {
    bridge = await startBridge(opts);
    feed = new ExternalFeed({
      url: bridge.url,
      instruments,
      clock: { now: () => now },
      symbols,
      maxAgeMs: 10_000,
      reconnectMinMs: 20,
      pingEveryMs: 50,
      silentAfterMs: 300,
      wallNow: () => now,
    });
    const near: Record<number, [number, number]> = { 1: [1.165, 1000], 2: [4150, 1000], 3: [105_000, 1000] };
    const restore = opts.restore === undefined ? near : opts.restore;
    for (const [id, [mid, agoMs]] of Object.entries(restore ?? {}))
      feed.restore(Number(id), mid, now - agoMs);
    feed.onQuote((q) => quotes.push(q));
    feed.start();
    if (!opts.dropOnConnect) await until(() => bridge.received.length > 0);
  }
  afterEach(async () => {
    feed?.stop();
    await bridge?.close();
    quotes.length = 0;
    now = WEDNESDAY_NOON;
  });

  it("subscribes with the bridge's symbols and quotes its mid with the broker's spread, at the server's time", async () => {
    await open(parseSymbolMap('XAUUSD=GOLD'));
    expect(bridge.received[0]).toEqual({
      type: 'subscribe',
      symbols: expect.arrayContaining(['EURUSD', 'GOLD', 'BTCUSD']),
    });
    bridge.send({ symbol: 'EURUSD', bid: 1.165123, ask: 1.165201, time: now - 5 });
    bridge.send([{ symbol: 'GOLD', bid: 4150.12, ask: 4150.5 }]);
    await until(() => quotes.length === 2);
    // EURUSD: mid 1.165162 → 116516 points; 12 points of spread around it.
    expect(quotes[0]).toEqual({
      instrumentId: 1,
      code: 'EURUSD',
      bid: 1.1651,
      ask: 1.16522,
      mid: 1.16516,
      timeMs: now,
      seq: 1,
    });
    expect(quotes[1]).toMatchObject({
      instrumentId: 2,
      code: 'XAUUSD',
      bid: 4150.16,
      ask: 4150.46,
      mid: 4150.31,
      seq: 1,
    });
    expect(feed.latest(2)).toEqual(quotes[1]);
    // A staff spread applies from the next quote.
    feed.setSpread(1, 20);
    bridge.send({ symbol: 'EURUSD', bid: 1.16512, ask: 1.1652, time: now - 4 });
    await until(() => quotes.length === 3);
    expect(quotes[2]).toMatchObject({ bid: 1.16506, ask: 1.16526, seq: 2 });
  });

  it('drops unknown symbols, malformed quotes, quotes out of order, late (a backlog) or from a clock ahead', async () => {
    await open();
    for (const bad of [
      'not json',
      { symbol: 'NOPE', bid: 1, ask: 2 },
      { symbol: 'BTCUSD', bid: '105000', ask: 105010 },
      { symbol: 'BTCUSD', bid: 0, ask: 1 },
      { symbol: 'BTCUSD', bid: 105020, ask: 105010 },
      { symbol: 'BTCUSD', bid: 105000, ask: 105010, time: 'now' },
      { symbol: 'BTCUSD', bid: 105000, ask: 105010, time: undefined }, // no time: cannot be judged
      { symbol: 'BTCUSD', bid: 105000, ask: 105010, time: now * 1000 }, // microseconds: far ahead
      { symbol: 'BTCUSD', bid: 105000, ask: 105010, time: now + 2_001 }, // a clock ahead
      { symbol: 'BTCUSD', bid: 105000, ask: 105010, time: now - 10_001 }, // older than the live age
      { type: 'heartbeat' },
    ])
      bridge.send(bad);
    bridge.send({ symbol: 'BTCUSD', bid: 105000, ask: 105010, time: now - 2 });
    bridge.send({ symbol: 'BTCUSD', bid: 105100, ask: 105110, time: now - 3 }); // before the last
    bridge.send({ symbol: 'BTCUSD', bid: 105200, ask: 105210, time: now - 1 });
    await until(() => quotes.length === 2);
    expect(quotes.map((q) => q.mid)).toEqual([105005, 105205]);
    expect(feed.counts).toMatchObject({
      quotes: 2,
      unknownSymbol: 1,
      malformed: 6,
      ahead: 2,
      late: 1,
      outOfOrder: 1,
    });
    expect([...feed.unknownSymbols]).toEqual(['NOPE']);
  });

  it('starts the bridge clock afresh on a new connection (a failover to a bridge whose clock is behind)', async () => {
    await open();
    bridge.send({ symbol: 'BTCUSD', bid: 105000, ask: 105010, time: now });
    await until(() => quotes.length === 1);
    for (const c of bridge.clients) c.terminate();
    await until(() => feed.connections === 2);
    bridge.send({ symbol: 'BTCUSD', bid: 105100, ask: 105110, time: now - 5_000 });
    await until(() => quotes.length === 2);
  });

  it('holds a print 0.5 % from a quiet market, up to 2 % after a gap by volatility, never more', () => {
    expect(jumpLimit(0.075, 250)).toBe(MIN_JUMP); // EURUSD a quarter second later
    expect(jumpLimit(0.6, 1000)).toBe(MIN_JUMP); // BTC a second later
    expect(jumpLimit(0.6, 600_000)).toBeGreaterThan(jumpLimit(0.075, 600_000)); // BTC vs EURUSD, 10 min
    expect(jumpLimit(0.6, 600_000)).toBeGreaterThan(MIN_JUMP);
    // …but never past 2 %: a session's first print after a weekend (20σ: 11 % of EURUSD) waits.
    expect(jumpLimit(0.075, 2.2 * 86_400_000)).toBe(MAX_JUMP);
    expect(jumpLimit(0.6, 2.2 * 86_400_000)).toBe(MAX_JUMP);
  });

  it('holds a −4 % EURUSD print (470 pips) until a later quote confirms it; the same print again confirms nothing', async () => {
    await open();
    const send = (mid: number, time?: number) =>
      bridge.send({ symbol: 'EURUSD', bid: mid - 0.00005, ask: mid + 0.00005, ...(time ? { time } : {}) });
    send(1.165, now - 10);
    send(1.1184, now - 9); // −4 %: held
    send(1.1184, now - 9); // the same print repeated: not a confirmation
    send(1.165, now - 8); // the market is where it was: dropped
    await until(() => quotes.length === 2);
    expect(quotes.map((q) => q.mid)).toEqual([1.165, 1.165]);
    expect(feed.counts.badTicks).toBe(1);
  });

  it('checks the first live print against the price restored at the start', async () => {
    await open(new Map(), { restore: { 3: [100_000, 3_600_000] } });
    // Kept at its real price; as an order sees it, never live (older than the live age).
    expect(feed.latest(3)).toMatchObject({ mid: 100_000, seq: 0, timeMs: now - 3_600_000 });
    expect(feed.pricedNow(3)).toBe(false);
    // An hour later BTC may have moved a few per cent, not halved.
    bridge.send({ symbol: 'BTCUSD', bid: 49_995, ask: 50_005 });
    bridge.send({ symbol: 'BTCUSD', bid: 101_195, ask: 101_205 });
    await until(() => quotes.length === 1);
    expect(quotes[0]!.mid).toBe(101_200);
  });

  it('holds a print far from the market until the next confirms it; an unconfirmed one is dropped', async () => {
    await open(new Map(), { restore: { 3: [100_000, 1000] } });
    let t = now - 100;
    const send = (mid: number) => bridge.send({ symbol: 'BTCUSD', bid: mid - 5, ask: mid + 5, time: ++t });
    send(100_000);
    send(80_000); // 20 % away: held
    send(100_100); // the market is where it was: the held print was wrong
    send(120_000); // held
    send(120_200); // confirms it (within 0.5 %): a real move
    await until(() => quotes.length === 3);
    expect(quotes.map((q) => q.mid)).toEqual([100_000, 100_100, 120_200]);
    expect(feed.counts.badTicks).toBe(1);
  });

  it('takes a fast market that keeps moving one way: three prints in a row beyond the limit make the new level', async () => {
    await open();
    let t = now - 5_000;
    // Prints 0.6 s apart: a run must last a second, so a burst of wild prints is not a market.
    const send = (mid: number) => {
      t += 600;
      bridge.send({ symbol: 'EURUSD', bid: mid - 0.00005, ask: mid + 0.00005, time: t });
    };
    send(1.165);
    send(1.1767); // +1.0 %: held
    send(1.1848); // +1.7 %, within 1 % of the one held: held, two in a row up
    send(1.1771); // +1.0 %: the third in a row up, over 1.2 s: taken
    await until(() => quotes.length === 2);
    expect(quotes.map((q) => q.mid)).toEqual([1.165, 1.1771]);
    expect(feed.counts.badTicks).toBe(0);
  });

  it("confirms by the bridge's own order, even for a print stamped a moment ahead of the server's clock", async () => {
    await open();
    bridge.send({ symbol: 'BTCUSD', bid: 100_995, ask: 101_005, time: now }); // −3.8 %: held
    bridge.send({ symbol: 'BTCUSD', bid: 101_015, ask: 101_025, time: now + 1 }); // a millisecond later
    await until(() => quotes.length === 1);
    expect(quotes[0]!.mid).toBe(101_020);
  });

  it('takes a first print only when a second confirms it (nothing to check it against)', async () => {
    await open(new Map(), { restore: null });
    let t = now - 100;
    const send = (mid: number) => bridge.send({ symbol: 'BTCUSD', bid: mid - 5, ask: mid + 5, time: ++t });
    send(50_000); // a wild first print: held
    send(105_000); // not near it: held instead
    send(105_000); // the same price again: no confirmation
    send(105_100); // a later, different print within 0.5 %: taken
    await until(() => quotes.length === 1);
    expect(quotes[0]!.mid).toBe(105_100);
    expect(feed.pricedNow(3)).toBe(true);
  });

  it('does not let three wild prints in a burst, a placeholder spread, or a print held before the close through', async () => {
    await open();
    let t = now - 100;
    const btc = (mid: number, spread = 10) =>
      bridge.send({ symbol: 'BTCUSD', bid: mid - spread / 2, ask: mid + spread / 2, time: ++t });
    btc(108_000); // +2.9 %
    btc(130_000); // +24 %, not within 1 % of the one before: a new hold
    btc(250_000);
    btc(105_000, 100_000); // a one-sided quote (ask a placeholder): no price at all
    await until(() => feed.counts.malformed === 1);
    // While a print waits, the old price is not live (the market may have moved by it).
    expect(feed.liveForMs(3)).toBe(-1);
    expect(feed.pricedNow(3)).toBe(false);
    btc(105_020); // the market where it was
    await until(() => quotes.length === 1);
    expect(quotes[0]!.mid).toBe(105_020);
    expect(feed.liveForMs(3)).toBe(10_000);
    // Friday's last minutes: a print held, then the session closes; Sunday's first print near it
    // confirms nothing.
    now = Date.UTC(2026, 10, 20, 21, 59, 0); // Friday 21:59 UTC
    bridge.send({ symbol: 'EURUSD', bid: 1.165, ask: 1.1651, time: now - 50 });
    await until(() => quotes.length === 2);
    bridge.send({ symbol: 'EURUSD', bid: 1.14, ask: 1.1401, time: now - 40 }); // −2.1 %: held
    now = Date.UTC(2026, 10, 21, 12, 0, 0); // Saturday: closed
    bridge.send({ symbol: 'EURUSD', bid: 1.1402, ask: 1.1403, time: now });
    now = Date.UTC(2026, 10, 22, 22, 0, 5); // Sunday 22:00:05: open
    bridge.send({ symbol: 'EURUSD', bid: 1.1403, ask: 1.1404, time: now });
    await new Promise((r) => setTimeout(r, 100));
    expect(quotes).toHaveLength(2);
    expect(feed.counts.malformed).toBe(1);
  });

  it('takes nothing outside the trading session, and says when an open market has gone quiet', async () => {
    await open();
    now = SATURDAY_NOON;
    bridge.send({ symbol: 'EURUSD', bid: 1.1651, ask: 1.1652 }); // forex is closed on Saturday
    bridge.send({ symbol: 'BTCUSD', bid: 105000, ask: 105010 }); // crypto is not
    await until(() => quotes.length === 1);
    expect(quotes[0]!.code).toBe('BTCUSD');
    expect(feed.counts.outsideSession).toBe(1);
    expect(feed.status(1, now)).toBe(0);
    expect(feed.status(3, now)).toBe(1);
    expect(feed.isStale(3, now + 10_000)).toBe(false);
    expect(feed.isStale(3, now + 10_001)).toBe(true);
    expect(feed.isStale(1, now + 60_000)).toBe(false); // closed: not stale
  });

  it('takes no quote as live while the bridge is away', async () => {
    await open();
    expect(feed.liveForMs()).toBe(10_000);
    bridge.send({ symbol: 'BTCUSD', bid: 105000, ask: 105010 });
    await until(() => quotes.length === 1);
    await bridge.close();
    await until(() => !feed.connected);
    expect(feed.liveForMs()).toBeLessThan(0);
    expect(feed.isStale(3, now)).toBe(true);
  });

  it('drops a bridge that accepts and then says nothing (no messages, no pongs), and connects again', async () => {
    await open(new Map(), { autoPong: false });
    await until(() => feed.connections === 2, 3000);
  });

  it('keeps the price across a precision change, rounded anew, and gives a symbol to one instrument only', async () => {
    await open();
    bridge.send({ symbol: 'EURUSD', bid: 1.16512, ask: 1.16524 });
    await until(() => quotes.length === 1);
    feed.reshape(1, { pricePrecision: 4, session: 'forex' });
    expect(feed.latest(1)).toMatchObject({ mid: 1.1652, seq: 1, timeMs: now });
    feed.addInstrument({ id: 9, seed: { ...seed('EURUSD'), code: 'EURUSD' } });
    bridge.send({ symbol: 'EURUSD', bid: 1.16512, ask: 1.16524 });
    await until(() => quotes.length === 2);
    expect(quotes[1]!.instrumentId).toBe(1);
    expect(feed.latest(9)).toBeUndefined();
  });

  it('backs off from a bridge that accepts and drops at once (the delay doubles; it resets only after a connection lived)', async () => {
    await open(new Map(), { dropOnConnect: true });
    await new Promise((r) => setTimeout(r, 700));
    // 20, 40, 80, 160, 320 ms apart: about five attempts in 0.7 s, not one every 20 ms.
    expect(feed.connections).toBeGreaterThanOrEqual(3);
    expect(feed.connections).toBeLessThanOrEqual(7);
  });

  it('reconnects when the bridge drops the connection, and subscribes again', async () => {
    await open();
    expect(feed.connections).toBe(1);
    for (const c of bridge.clients) c.terminate();
    await until(() => feed.connections === 2 && bridge.received.length === 2);
    expect(bridge.received[1]).toMatchObject({ type: 'subscribe' });
    bridge.send({ symbol: 'BTCUSD', bid: 105000, ask: 105010 });
    await until(() => quotes.length === 1);
  });

  it('tells the operator each minute what was dropped and which instruments in session have no prices', async () => {
    await open();
    const lines: Array<{ o: Record<string, unknown>; m: string }> = [];
    (feed as unknown as { o: { log: unknown } }).o.log = {
      info: () => {},
      warn: (o: Record<string, unknown>, m: string) => lines.push({ o, m }),
    };
    bridge.send({ symbol: 'BTCUSD', bid: 105000, ask: 105010 });
    bridge.send({ symbol: 'ETH-USD', bid: 3800, ask: 3801 });
    await until(() => feed.counts.quotes === 1 && feed.counts.unknownSymbol === 1);
    feed.reportHealth();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.o).toMatchObject({
      quotes: 1,
      dropped: { unknownSymbol: 1, malformed: 0 },
      unknownSymbols: ['ETH-USD'],
      silent: ['EURUSD', 'XAUUSD'], // open on a Wednesday, never quoted
    });
    // Nothing new and everything quoted: no line.
    bridge.send([
      { symbol: 'EURUSD', bid: 1.1651, ask: 1.1652 },
      { symbol: 'XAUUSD', bid: 4150, ask: 4150.3 },
    ]);
    await until(() => feed.counts.quotes === 3);
    feed.reportHealth();
    expect(lines).toHaveLength(1);
  });

  it('reads the symbol map, refusing a malformed pair', () => {
    expect([...parseSymbolMap(' XAUUSD=GOLD , US500=SPX500 ')]).toEqual([
      ['XAUUSD', 'GOLD'],
      ['US500', 'SPX500'],
    ]);
    expect(parseSymbolMap(undefined).size).toBe(0);
    expect(() => parseSymbolMap('XAUUSD')).toThrow(/CODE=SYMBOL/);
    expect(() => parseSymbolMap('A=B=C')).toThrow(/CODE=SYMBOL/);
  });
});
