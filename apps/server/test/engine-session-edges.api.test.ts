import { LEDGER_TYPE } from '@meridian/domain';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { instruments, users } from '../src/db/schema.ts';
import { type SubmitRequest, TradingEngine } from '../src/engine/trading-engine.ts';
import { toRecord } from '../src/market/live-market.ts';
import type { InstrumentRecord } from '../src/market/market-runtime.ts';
import type { Quote } from '../src/market/types.ts';
import { findMismatchedAccounts } from '../src/modules/ledger/ledger.repository.ts';
import { moveMoney } from '../src/modules/ledger/move-money.ts';
import { seedIfEmpty } from '../src/seed.ts';
import { quietEngineDeps, quoteAt } from './support/engine-fixture.ts';

/**
 * The engine at the edges of trading sessions, on a market driven by hand (each instrument open or
 * closed, quotes set one by one): a closed market's positions are never filled at their last quote
 * by a stop-out, however recently it closed; a trader's money decisions never convert through a
 * USD pair whose market is open but has not ticked within its interval.
 */
describe('engine at session edges', () => {
  let database: Database;
  let engine: TradingEngine;
  const byCode = new Map<string, InstrumentRecord>();
  const quotes = new Map<number, Quote>();
  const open = new Map<number, boolean>();
  // Friday 20 November 2026, 21:59 UTC: a minute before forex closes for the weekend.
  let now = Date.UTC(2026, 10, 20, 21, 59);
  let seq = 0;
  const inst = (code: string) => byCode.get(code)!;
  const tick = (code: string, bid: number, ask: number) => {
    const r = inst(code);
    const q = quoteAt(r, bid, ask, now, ++seq);
    quotes.set(r.id, q);
    engine.onQuote(q);
  };
  let users_ = 0;
  const newUser = async (amount: string) => {
    const [u] = await database.db
      .insert(users)
      .values({ uid: `71000000000${++users_}`, inviteCode: `EDGE${users_}`, isDemo: true })
      .returning();
    await moveMoney(database.db, {
      userId: u!.id,
      type: LEDGER_TYPE.DEMO_OPENING_CREDIT,
      balanceDelta: amount,
    });
    return u!.id;
  };
  const order = (code: string, quantity: string, extra: Partial<SubmitRequest> = {}): SubmitRequest => ({
    side: 'buy',
    kind: 'market',
    instrumentId: inst(code).id,
    quantity,
    leverage: inst(code).leverageOptions.at(-1)!,
    targetPrice: '0',
    stopLoss: '0',
    takeProfit: '0',
    ...extra,
  });
  const stored = async (userId: number) =>
    (
      (await database.db.execute(
        sql`select id, status, close_reason from orders where user_id = ${userId} order by id`,
      )) as unknown as { rows: Array<{ id: number; status: number; close_reason: string | null }> }
    ).rows;
  const code = async (p: Promise<unknown>) => {
    try {
      await p;
      return 1;
    } catch (err) {
      return (err as { errorName?: string }).errorName;
    }
  };

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await seedIfEmpty(database.db, '100000.00');
    const rows = await database.db
      .select()
      .from(instruments)
      .where(inArray(instruments.code, ['EURUSD', 'BTCUSD', 'USDJPY', 'EURJPY']));
    for (const r of rows) {
      byCode.set(r.code, toRecord(r));
      open.set(r.id, true);
    }
    const byId = new Map([...byCode.values()].map((r) => [r.id, r]));
    engine = new TradingEngine({
      db: database.db,
      now: () => now,
      market: {
        instrumentById: (id) => byId.get(id),
        instruments: () => [...byId.values()],
        latest: (id) => quotes.get(id),
        status: (id) => (open.get(id) ? 1 : 0),
        maxQuoteAgeMs: () => 3_000,
      },
      ...quietEngineDeps,
    });
    await engine.rebuild();
  });
  afterAll(() => database?.close());

  it("leaves a closed market's position open in a stop-out, even a second after the close, and stops it out at the open", async () => {
    tick('EURUSD', 1.16, 1.16012);
    tick('BTCUSD', 100_000, 100_030);
    const userId = await newUser('100000');
    await engine.submit(userId, order('EURUSD', '20'));
    await engine.submit(userId, order('BTCUSD', '10', { leverage: 20 }));
    // Forex closes at 22:00 with EURUSD's last quote a second old: by age alone still 'fresh'.
    now = Date.UTC(2026, 10, 20, 21, 59, 59);
    tick('EURUSD', 1.159, 1.15912);
    now = Date.UTC(2026, 10, 20, 22, 0, 0);
    open.set(inst('EURUSD').id, false);
    // Bitcoin trades on and falls 12 %: the account is past the stop-out level.
    tick('BTCUSD', 88_000, 88_030);
    await engine.idle();
    const [eur, btc] = await stored(userId);
    expect(btc).toMatchObject({ status: 3, close_reason: 'stop_out' });
    // Not closed at Friday's last quote, which no one can trade until Sunday.
    expect(eur).toMatchObject({ status: 1, close_reason: null });
    await engine.checkStopOut(userId); // the monitor's backstop does not either
    expect((await stored(userId))[0]).toMatchObject({ status: 1 });

    // Sunday 22:00: forex opens; its first tick stops the position out.
    now = Date.UTC(2026, 10, 22, 22, 0, 0, 200);
    open.set(inst('EURUSD').id, true);
    tick('EURUSD', 1.159, 1.15912);
    await engine.idle();
    expect((await stored(userId))[0]).toMatchObject({ status: 3, close_reason: 'stop_out' });
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('refuses a new order and a close that would convert through a stale USD pair, and waits a gap fill for its next tick', async () => {
    now = Date.UTC(2026, 10, 23, 12, 0);
    tick('USDJPY', 150, 150.01);
    tick('EURJPY', 175, 175.02);
    const userId = await newUser('100000');
    const position = await engine.submit(userId, order('EURJPY', '1'));
    const pending = await engine.submit(
      userId,
      order('EURJPY', '1', { kind: 'pending', targetPrice: '170' }),
    );

    // USDJPY's market is open but its feed has been silent for 10 s; EURJPY trades on and gaps
    // down through the pending order's target.
    now += 10_000;
    tick('EURJPY', 168, 168.02);
    await engine.idle();
    expect(await code(engine.submit(userId, order('EURJPY', '1')))).toBe('ORDER_CONVERSION_UNAVAILABLE');
    expect(await code(engine.close(userId, position.id))).toBe('ORDER_CONVERSION_UNAVAILABLE');
    // The pending order waits rather than being re-priced at the old yen rate.
    expect((await stored(userId)).find((o) => o.id === pending.id)).toMatchObject({ status: 0 });

    // USDJPY ticks again: everything goes through at the current rate.
    tick('USDJPY', 147, 147.01);
    tick('EURJPY', 168, 168.02);
    await engine.idle();
    expect((await stored(userId)).find((o) => o.id === pending.id)).toMatchObject({ status: 1 });
    expect(await code(engine.submit(userId, order('EURJPY', '1')))).toBe(1);
    expect(await code(engine.close(userId, position.id))).toBe(1);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it("converts at a closed pair's last quote, as nothing newer exists", async () => {
    // A weekday evening with USDJPY's market closed (a stand-in for a pair with other hours) while
    // EURJPY trades: the last USDJPY quote is all there is, and orders still go through.
    now = Date.UTC(2026, 10, 24, 12, 0);
    tick('USDJPY', 150, 150.01);
    open.set(inst('USDJPY').id, false);
    now += 60_000;
    tick('EURJPY', 175, 175.02);
    const userId = await newUser('100000');
    expect(await code(engine.submit(userId, order('EURJPY', '1')))).toBe(1);
    open.set(inst('USDJPY').id, true);
  });
});
