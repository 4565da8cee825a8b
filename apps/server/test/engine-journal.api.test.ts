import { LEDGER_TYPE, money } from '@meridian/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { instruments, users } from '../src/db/schema.ts';
import { batchLanded, type JournalBatch, writeJournalBatch } from '../src/engine/journal.repository.ts';
import { type SubmitRequest, TradingEngine } from '../src/engine/trading-engine.ts';
import { toRecord } from '../src/market/live-market.ts';
import type { InstrumentRecord } from '../src/market/market-runtime.ts';
import type { Quote } from '../src/market/types.ts';
import { findMismatchedAccounts } from '../src/modules/ledger/ledger.repository.ts';
import { moveMoney } from '../src/modules/ledger/move-money.ts';
import { seedIfEmpty } from '../src/seed.ts';

/**
 * The engine decides in memory and the journal commits in batches (group commit). These tests pin
 * what that must never change: an answer means the order is in the database; orders that arrive
 * together share one commit; a failed write loses nothing that was acknowledged, fails everything
 * decided on top of it, and leaves memory equal to the database again.
 */
describe('trading engine journal', () => {
  let database: Database;
  let btc: InstrumentRecord;
  let eth: InstrumentRecord;
  const ethQuote: Quote = {
    instrumentId: 0,
    code: 'ETHUSD',
    bid: 3000,
    ask: 3001,
    mid: 3000.5,
    timeMs: 0,
    seq: 1,
  };
  const now = Date.UTC(2026, 10, 18, 12);
  const quote: Quote = {
    instrumentId: 0,
    code: 'BTCUSD',
    bid: 100000,
    ask: 100030,
    mid: 100015,
    timeMs: now,
    seq: 1,
  };
  let failNext = 0;
  /** Writes that commit and then report a failure (the connection broke before the answer). */
  let loseAnswer = 0;
  /** Checks of whether a failed batch landed that fail too (the database still unreachable). */
  let cannotAsk = 0;
  /** Off: the market has no quote for BTC (a restart before its first tick). */
  let priced = true;
  /** What a price feed that can be away says of the latest quote (`pricedNow`), and the market's status. */
  let vouched = true;
  let marketStatus: 0 | 1 = 1;
  const batches: JournalBatch[] = [];

  function newEngine() {
    return new TradingEngine({
      db: database.db,
      now: () => now,
      market: {
        instrumentById: (id) => (id === btc.id ? btc : id === eth.id ? eth : undefined),
        instruments: () => [btc, eth],
        latest: (id) => (id === btc.id && priced ? quote : id === eth.id ? ethQuote : undefined),
        status: () => marketStatus,
        maxQuoteAgeMs: () => 60_000,
        pricedNow: () => vouched,
      },
      settings: { feeType: () => 2, stopOutLevel: () => '50', marginCallLevel: () => '100' },
      events: { ordersEnded: () => {}, accountTouched: () => {} },
      log: { error: () => {}, info: () => {}, warn: () => {} } as never,
      batchLanded: async (batch) => {
        if (cannotAsk > 0) {
          cannotAsk--;
          throw new Error('database unreachable');
        }
        return batchLanded(database.db, batch);
      },
      writeBatch: async (batch) => {
        batches.push(batch);
        if (failNext > 0) {
          failNext--;
          throw new Error('disk full');
        }
        await writeJournalBatch(database.db, batch);
        if (loseAnswer > 0) {
          loseAnswer--;
          throw new Error('connection lost after commit');
        }
      },
    });
  }

  let n = 0;
  async function newUser(isDemo = true) {
    n++;
    const [u] = await database.db
      .insert(users)
      .values({ uid: `J${n}${Date.now() % 1e6}`, inviteCode: `JI${n}`, isDemo })
      .returning();
    await moveMoney(database.db, {
      userId: u!.id,
      type: LEDGER_TYPE.DEMO_OPENING_CREDIT,
      balanceDelta: '100000',
    });
    return u!.id;
  }

  const order = (side: 'buy' | 'sell' = 'buy'): SubmitRequest => ({
    side,
    kind: 'market',
    instrumentId: btc.id,
    quantity: '0.1',
    leverage: 10,
    targetPrice: '0',
    stopLoss: '0',
    takeProfit: '0',
  });

  const sqlCountOf = async (q: ReturnType<typeof sql>) =>
    Number(((await database.db.execute(q)) as unknown as { rows: Array<{ n: number | string }> }).rows[0]!.n);
  const stored = async (userId: number) =>
    (await database.db.select().from(users).where(eq(users.id, userId)))[0]!;
  const storedOrders = async (userId: number) =>
    (
      (await database.db.execute(
        sql`select id, status from orders where user_id = ${userId} order by id`,
      )) as unknown as { rows: Array<{ id: number; status: number }> }
    ).rows.map((r) => ({ id: Number(r.id), status: Number(r.status) }));

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await seedIfEmpty(database.db, '100000.00');
    btc = toRecord((await database.db.select().from(instruments).where(eq(instruments.code, 'BTCUSD')))[0]!);
    quote.instrumentId = btc.id;
    eth = toRecord((await database.db.select().from(instruments).where(eq(instruments.code, 'ETHUSD')))[0]!);
    ethQuote.instrumentId = eth.id;
    ethQuote.timeMs = now;
  });
  afterAll(() => database?.close());

  it('answers only once the order is in the database, and orders arriving together share one commit', async () => {
    const engine = newEngine();
    await engine.rebuild();
    const userIds = await Promise.all([newUser(), newUser(), newUser(), newUser()]);
    await Promise.all(userIds.map((u) => engine.figures(u)));
    batches.length = 0;
    const rows = await Promise.all(userIds.map((u) => engine.submit(u, order())));
    for (const [i, row] of rows.entries())
      expect(await storedOrders(userIds[i]!)).toEqual([{ id: row.id, status: 1 }]);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.orders).toHaveLength(4);
    expect(batches[0]!.entries).toHaveLength(8); // margin and fee for each
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('a failed write fails its commands and those decided on top, then memory is the database again', async () => {
    const engine = newEngine();
    await engine.rebuild();
    const userId = await newUser();
    const kept = await engine.submit(userId, order());
    const before = await stored(userId);

    failNext = 1;
    const doomed = await Promise.allSettled([
      engine.submit(userId, order()),
      engine.submit(userId, order('sell')),
    ]);
    expect(doomed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await engine.idle();

    // Nothing of the failed batch is stored, and the engine forgot it too.
    expect(await storedOrders(userId)).toEqual([{ id: kept.id, status: 1 }]);
    expect(engine.liveOrdersOf(userId).map((o) => o.id)).toEqual([kept.id]);
    const figures = await engine.figures(userId);
    expect(figures.balance.toFixed(6)).toBe(before.balance);
    expect(figures.margin.toFixed(6)).toBe(before.margin);

    // And it carries on: close the kept position, open a new one; the books reconcile.
    await engine.close(userId, kept.id);
    const next = await engine.submit(userId, order());
    expect(await storedOrders(userId)).toEqual([
      { id: kept.id, status: 3 },
      { id: next.id, status: 1 },
    ]);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('lets a withdrawal take only what open positions leave free, decided with orders in one step', async () => {
    const engine = newEngine();
    await engine.rebuild();
    const userId = await newUser(); // 100 000 USD
    const o = await engine.submit(userId, { ...order(), quantity: '5' }); // 5 BTC at 100 030, 1:10
    const f = await engine.figures(userId);
    expect(f.balance.lt(money('100000'))).toBe(true);
    // The price falls 2 000: a floating loss of about 10 000 on 5 BTC.
    quote.bid -= 2000;
    quote.ask -= 2000;
    quote.mid -= 2000;
    quote.seq++;
    const live = engine.liveOrdersOf(userId)[0]!;
    const floating = engine.floatingProfit(live)!;
    expect(floating.lt(money('-9000'))).toBe(true);
    const free = f.balance.plus(floating).toDecimalPlaces(2, 1);
    const tooMuch = await engine.freezeForWithdrawal(userId, f.balance, 900001);
    expect(tooMuch).toEqual({ ok: false, free });
    const justRight = await engine.freezeForWithdrawal(userId, free, 900002);
    expect(justRight.ok).toBe(true);
    const after = await engine.figures(userId);
    expect(after.lock.eq(free)).toBe(true);
    // Equity still covers the margin held: the account is not at risk of a stop-out.
    expect(after.balance.plus(after.margin).plus(floating).gte(after.margin)).toBe(true);
    await engine.close(userId, o.id);
    quote.bid += 2000;
    quote.ask += 2000;
    quote.mid += 2000;
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('rebuilds the figures and positions a fresh engine finds in the database', async () => {
    const first = newEngine();
    await first.rebuild();
    const userId = await newUser();
    const a = await first.submit(userId, order());
    const p = await first.submit(userId, { ...order(), kind: 'pending', targetPrice: '90000' });
    // Rewriting the older order's row gives it a newer row version; the rebuilt list is still oldest
    // first (the rows are read in id order, not in whatever order the table stores them).
    await first.setStops(userId, a.id, '0', '0');
    await first.idle();

    const second = newEngine();
    await second.rebuild();
    expect(second.liveOrdersOf(userId).map((o) => [o.id, o.status])).toEqual([
      [a.id, 1],
      [p.id, 0],
    ]);
    const f1 = await first.figures(userId);
    const f2 = await second.figures(userId);
    expect(f2.balance.eq(f1.balance) && f2.margin.eq(f1.margin)).toBe(true);
    await second.close(userId, a.id);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  /** Moves BTC's quote by `delta` without telling any engine (the market moved while it was down). */
  const shift = (delta: number) => {
    quote.bid += delta;
    quote.ask += delta;
    quote.mid += delta;
    quote.seq++;
  };
  const closeReasons = async (userId: number) =>
    (
      (await database.db.execute(
        sql`select close_reason from orders where user_id = ${userId} order by id`,
      )) as unknown as { rows: Array<{ close_reason: string | null }> }
    ).rows.map((r) => r.close_reason);

  it('marks rebuilt positions at the latest quotes and stops out an account already past the level', async () => {
    // At start-up: 5 BTC at 1:10 (margin ~50 000), then the price falls ~16 000 while no engine runs
    // and no tick comes (a closed or quiet market): the risk rate is ~40 %, under the 50 % level.
    const first = newEngine();
    await first.rebuild();
    const atStart = await newUser();
    await first.submit(atStart, { ...order(), quantity: '5' });
    await first.idle();
    shift(-16_000);
    try {
      const second = newEngine();
      await second.rebuild();
      await second.idle();
      expect(await closeReasons(atStart)).toEqual(['stop_out']);
      expect(second.liveOrdersOf(atStart)).toEqual([]);

      // After a failed write: the engine rebuilds from the database, and the quote it missed (no
      // tick) is taken into account once the journal is healthy again.
      const recovering = await newUser();
      await second.submit(recovering, { ...order(), quantity: '5' });
      shift(-16_000);
      failNext = 1;
      await expect(second.submit(recovering, order('sell'))).rejects.toThrow();
      await second.idle();
      await new Promise((r) => setTimeout(r, 50));
      await second.idle();
      expect(await closeReasons(recovering)).toEqual(['stop_out']);

      // A quote older than its market's interval (a closed market) is not filled at: the position
      // waits for the next tick, which finds the account already below the level.
      const waiting = await newUser();
      await second.submit(waiting, { ...order(), quantity: '5' });
      await second.idle();
      shift(-20_000); // 5 BTC bought near 68 000 at 1:10: the risk rate falls below 0
      const fresh = quote.timeMs;
      quote.timeMs = fresh - 120_000;
      try {
        const third = newEngine();
        await third.rebuild();
        await third.idle();
        expect(await closeReasons(waiting)).toEqual([null]);
        quote.timeMs = fresh;
        third.onQuote(quote);
        await third.idle();
        expect(await closeReasons(waiting)).toEqual(['stop_out']);
      } finally {
        quote.timeMs = fresh;
        shift(20_000);
      }
    } finally {
      shift(32_000);
    }
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('lets no money be withdrawn while a position cannot be priced', async () => {
    const engine = newEngine();
    await engine.rebuild();
    const userId = await newUser();
    const o = await engine.submit(userId, { ...order(), quantity: '5' });
    priced = false;
    try {
      // The position may be losing any amount: not even a dollar of the balance leaves.
      expect(await engine.freezeForWithdrawal(userId, money('1'), 900101)).toEqual({
        ok: false,
        unpriced: true,
      });
    } finally {
      priced = true;
    }
    // Nor while the price feed does not vouch for the price and the market is open (the feed away,
    // not back since a restart): the position is valued at a price the market may have left …
    vouched = false;
    try {
      expect(await engine.freezeForWithdrawal(userId, money('1'), 900103)).toEqual({
        ok: false,
        unpriced: true,
      });
      // … but a closed market's last price is its price (the weekend values positions at Friday's close).
      marketStatus = 0;
      expect((await engine.freezeForWithdrawal(userId, money('1'), 900104)).ok).toBe(true);
    } finally {
      vouched = true;
      marketStatus = 1;
    }
    expect((await engine.freezeForWithdrawal(userId, money('1'), 900102)).ok).toBe(true);
    await engine.close(userId, o.id);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('lets staff close a position while the engine rebuilds after a failed write', async () => {
    const engine = newEngine();
    await engine.rebuild();
    const userId = await newUser();
    const kept = await engine.submit(userId, order());
    failNext = 1;
    // Staff act at the worst moment: right after the failure, while memory is being rebuilt.
    let staffClose: Promise<unknown> | undefined;
    await engine.submit(userId, order()).catch(() => {
      staffClose = engine.adminClose(kept.id);
    });
    await staffClose;
    expect(await closeReasons(userId)).toEqual(['admin']);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('answers success for a batch whose commit landed though its write reported a failure', async () => {
    const engine = newEngine();
    await engine.rebuild();
    const userId = await newUser();
    loseAnswer = 1;
    // The trader is told what is true: the order exists (a retry would otherwise place it twice).
    const row = await engine.submit(userId, order());
    expect(await storedOrders(userId)).toEqual([{ id: row.id, status: 1 }]);
    // No rebuild was needed: the engine carries on at once, memory and database agreeing.
    const next = await engine.submit(userId, order('sell'));
    expect(engine.liveOrdersOf(userId).map((o) => o.id)).toEqual([row.id, next.id]);
    const f = await engine.figures(userId);
    const s = await stored(userId);
    expect(f.balance.eq(money(s.balance)) && f.margin.eq(money(s.margin))).toBe(true);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('keeps a caller waiting while the database cannot say whether its batch landed, then answers the truth', async () => {
    const engine = newEngine();
    await engine.rebuild();
    const userId = await newUser();
    // It landed, the answer was lost, and the first check cannot reach the database: the caller
    // waits through the rebuild and then hears success.
    loseAnswer = 1;
    cannotAsk = 1;
    const landed = await engine.submit(userId, order());
    expect(await storedOrders(userId)).toEqual([{ id: landed.id, status: 1 }]);
    expect(engine.liveOrdersOf(userId).map((o) => o.id)).toEqual([landed.id]);
    // It did not land and the check cannot tell at first: the caller hears the failure once it can.
    failNext = 1;
    cannotAsk = 1;
    await expect(engine.submit(userId, order('sell'))).rejects.toThrow('disk full');
    await engine.idle();
    expect(await storedOrders(userId)).toEqual([{ id: landed.id, status: 1 }]);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('fails a batch the database refused for a duplicate key, even though that key exists', async () => {
    const engine = newEngine();
    await engine.rebuild();
    const a = await newUser();
    const b = await newUser();
    await Promise.all([engine.figures(a), engine.figures(b)]);
    const credit = {
      userId: a,
      type: LEDGER_TYPE.STAFF_ADJUSTMENT,
      balanceDelta: money('10'),
      idempotencyKey: 'dup-424242',
    };
    expect((await engine.move(credit)).ok).toBe(true);
    // Alone in its batch: every key of the batch exists, yet the database refused it.
    await expect(engine.move(credit)).rejects.toThrow();
    await engine.idle();
    await new Promise((r) => setTimeout(r, 50));
    expect((await engine.figures(a)).balance.eq(money((await stored(a)).balance))).toBe(true);
    // The same keyed movement again, and another account's order in the same batch: the database
    // refuses the batch (unique key). Nobody may be told it was written.
    const results = await Promise.allSettled([engine.move(credit), engine.submit(b, order())]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await engine.idle();
    await new Promise((r) => setTimeout(r, 50));
    expect(await storedOrders(b)).toEqual([]);
    expect(engine.liveOrdersOf(b)).toEqual([]);
    const fa = await engine.figures(a);
    expect(fa.balance.eq(money((await stored(a)).balance))).toBe(true);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it("values the house's exposure at each position's own contract size, not the instrument's current one", async () => {
    const engine = newEngine();
    await engine.rebuild();
    const userId = await newUser(false); // a real account: demo positions are not the house's exposure
    const o = await engine.submit(userId, order()); // 0.1 BTC
    const before = engine.exposure().find((e) => e.instrumentId === btc.id)!;
    const size = btc.contractSize;
    btc.contractSize = String(Number(size) * 100); // staff change the terms for new orders
    try {
      expect(engine.exposure().find((e) => e.instrumentId === btc.id)!.notionalUsd).toBe(before.notionalUsd);
    } finally {
      btc.contractSize = size;
    }
    await engine.close(userId, o.id);
  });

  it('stops out at fresh prices only: a stale largest loss waits for its market, a fresh position goes first', async () => {
    const engine = newEngine();
    await engine.rebuild();
    const userId = await newUser();
    const ethLeg = { ...order(), instrumentId: eth.id, quantity: '50' }; // 3 × ~15 000 margin at 1:10
    const legs = [await engine.submit(userId, ethLeg), await engine.submit(userId, ethLeg)];
    legs.push(await engine.submit(userId, ethLeg));
    const b = await engine.submit(userId, order()); // 0.1 BTC
    // ETH's market stops ticking (closed) after a fall that leaves the account far below the level.
    Object.assign(ethQuote, { bid: 2450, ask: 2451, mid: 2450.5, seq: 2, timeMs: now - 120_000 });
    try {
      // The exact check (the monitor runs it for every account whose socket logs in).
      await engine.checkStopOut(userId);
      await engine.idle();
      const reasons = (
        (await database.db.execute(
          sql`select id, close_reason from orders where user_id = ${userId} order by id`,
        )) as unknown as { rows: Array<{ id: number; close_reason: string | null }> }
      ).rows.map((r) => [Number(r.id), r.close_reason]);
      // Not at ETH's old price: BTC, which can be priced, is closed; ETH waits for its next tick.
      expect(reasons).toEqual([...legs.map((l) => [l.id, null]), [b.id, 'stop_out']]);
      Object.assign(ethQuote, { seq: 3, timeMs: now });
      engine.onQuote(ethQuote);
      await engine.idle();
      // Its market ticks again: now its legs are closed, largest loss first, until the level holds.
      const left = engine.liveOrdersOf(userId).length;
      expect(left).toBeLessThan(3);
      expect(
        await sqlCountOf(
          sql`select count(*) as n from orders where user_id = ${userId} and close_reason = 'stop_out'`,
        ),
      ).toBe(1 + 3 - left);
    } finally {
      Object.assign(ethQuote, { bid: 3000, ask: 3001, mid: 3000.5, seq: 4, timeMs: now });
    }
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('lets no pending order fill on a hidden instrument: it waits, and fills once the instrument is listed again', async () => {
    const engine = newEngine();
    await engine.rebuild();
    const userId = await newUser();
    const limit = await engine.submit(userId, { ...order(), kind: 'pending', targetPrice: '99000' });
    const listed = btc;
    btc = { ...btc, enabled: false };
    try {
      // The market falls through the limit while staff have the instrument hidden.
      engine.onQuote({ ...quote, bid: 98000, ask: 98030, mid: 98015, seq: 2 });
      await engine.idle();
      expect(engine.liveOrdersOf(userId).map((o) => [o.id, o.status])).toEqual([[limit.id, 0]]);
      expect(await storedOrders(userId)).toEqual([{ id: limit.id, status: 0 }]);
    } finally {
      btc = listed;
    }
    engine.onQuote({ ...quote, bid: 98000, ask: 98030, mid: 98015, seq: 3 });
    await engine.idle();
    expect(await storedOrders(userId)).toEqual([{ id: limit.id, status: 1 }]);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('asks whether a batch of any size landed (one parameter, not one per key)', async () => {
    const entries = Array.from({ length: 70_000 }, (_, i) => ({ idempotencyKey: `never-written-${i}` }));
    expect(await batchLanded(database.db, { orders: [], entries } as unknown as JournalBatch)).toBe(false);
  });

  it('keeps stops finer than a new, coarser price precision acceptable, so the other stop can still be edited', async () => {
    const engine = newEngine();
    await engine.rebuild();
    const userId = await newUser();
    const o = await engine.submit(userId, { ...order(), stopLoss: '90000.55', takeProfit: '110000.25' });
    const precision = btc.pricePrecision;
    btc.pricePrecision = precision - 1; // staff make BTC coarser
    try {
      // The trader moves only the take profit, sending the stop loss back as it is.
      const row = await engine.setStops(userId, o.id, '90000.55', '111000.5');
      expect([row.stopLoss, row.takeProfit]).toEqual(['90000.55', '111000.5']);
    } finally {
      btc.pricePrecision = precision;
    }
    await engine.close(userId, o.id);
  });
});
