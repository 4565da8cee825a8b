import { money } from '@meridian/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { TradingEngine } from '../src/engine/trading-engine.ts';
import type { InstrumentRecord } from '../src/market/market-runtime.ts';
import type { Quote } from '../src/market/types.ts';
import { findMismatchedAccounts } from '../src/modules/ledger/ledger.repository.ts';
import { seedIfEmpty } from '../src/seed.ts';
import {
  fundedUser,
  loadBtc,
  oneInstrumentMarket,
  quietEngineDeps,
  quoteAt,
} from './support/engine-fixture.ts';

/**
 * An order is refused when it would put its account at the stop-out level at once (DESIGN §3, §4):
 * counting its margin and fee, and for a market order the spread its new position opens with (it
 * opens at one side of the quote and is marked at the other). Without the spread, an order on a
 * wide quote was accepted and the next tick stopped the account out, closing its other positions.
 */
describe('the stop-out guard on new orders', () => {
  let database: Database;
  let engine: TradingEngine;
  let btc: InstrumentRecord;
  let userId: number;
  let now = Date.UTC(2026, 10, 18, 12);
  let seq = 0;
  let latest: Quote;
  const quote = (bid: number, ask: number) => {
    now += 1000;
    latest = quoteAt(btc, bid, ask, now, ++seq);
    engine.onQuote(latest);
  };
  const buy = (quantity: string, kind: 'market' | 'pending' = 'market', targetPrice = '0', who = userId) =>
    engine.submit(who, {
      side: 'buy',
      kind,
      instrumentId: btc.id,
      quantity,
      leverage: 20,
      targetPrice,
      stopLoss: '0',
      takeProfit: '0',
    });

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await seedIfEmpty(database.db, '100000.00');
    btc = await loadBtc(database.db);
    expect(btc.leverageOptions).toContain(20);
    engine = new TradingEngine({
      db: database.db,
      now: () => now,
      market: oneInstrumentMarket(
        () => btc,
        () => latest,
      ),
      ...quietEngineDeps,
    });
    await engine.rebuild();
    userId = await fundedUser(database.db, 'GUARD', '10000');
  });
  afterAll(() => database?.close());

  it('refuses a market order whose own spread would take the account to the stop-out level', async () => {
    quote(99_990, 100_000);
    // 1 BTC at 1:20: margin 5 000, fee 25 (0.5 % of the margin); then the price falls 5 %.
    const first = await buy('1');
    expect(money(first.margin).toFixed()).toBe('5000');
    quote(95_000, 95_010);
    let f = await engine.figures(userId);
    expect(money(f.balance).toFixed()).toBe('4975');
    // Net value 4 975 on a margin of 5 000: 99.5 %, well above 50 %.

    // A quote 25 000 wide: 0.1 BTC bought at 120 000 is worth 95 000 at once, a 2 500 loss. Margin
    // 600 and fee 3 alone leave 4 972 on 5 600 (88.8 %); with the spread 2 472 on 5 600 (44.1 %).
    quote(95_000, 120_000);
    await expect(buy('0.1')).rejects.toMatchObject({ errorName: 'RISK_WOULD_STOP_OUT' });
    await engine.idle();
    f = await engine.figures(userId);
    expect(money(f.balance).toFixed()).toBe('4975'); // nothing taken
    expect(engine.liveOrdersOf(userId).map((o) => [o.id, o.status])).toEqual([[first.id, 1]]);

    // A pending order of the same size opens no position yet: only its margin and fee count.
    const pending = await buy('0.1', 'pending', '94000');
    expect(pending.status).toBe(0);
    await engine.cancel(userId, pending.id);

    // The same market order on an ordinary quote: a 1 dollar spread, 90.8 % after it.
    quote(95_000, 95_010);
    const second = await buy('0.1');
    expect(second.status).toBe(1);
    await engine.idle();
    expect(engine.liveOrdersOf(userId).filter((o) => o.status === 1)).toHaveLength(2);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('cancels a pending order whose fill would take the account to the stop-out level, and fills it otherwise', async () => {
    const who = await fundedUser(database.db, 'GUARD', '10000');
    const stored = async (id: number) =>
      (
        (await database.db.execute(
          sql`select status, close_reason from orders where id = ${id}`,
        )) as unknown as {
          rows: Array<{ status: number; close_reason: string | null }>;
        }
      ).rows[0]!;

    quote(99_990, 100_000);
    const position = await buy('1', 'market', '0', who); // margin 5 000, fee 25
    // A buy stop above the market: margin 505 and fee 2.525 held now.
    const stop = await buy('0.1', 'pending', '101000', who);
    // The bid falls 5 000 (the position loses 5 000: 90.3 % left) while the ask jumps to 125 000:
    // the stop triggers and would fill at 125 000, worth 95 000 at once, a 3 000 loss: 35 %.
    quote(95_000, 125_000);
    await engine.idle();
    expect(await stored(stop.id)).toEqual({ status: 4, close_reason: 'fill_stop_out' });
    expect(engine.liveOrdersOf(who).map((o) => [o.id, o.status])).toEqual([[position.id, 1]]);
    expect(money((await engine.figures(who)).balance).toFixed()).toBe('4975'); // the stop's money back

    // The same stop on an ordinary quote fills.
    quote(99_990, 100_000);
    const again = await buy('0.1', 'pending', '101000', who);
    quote(100_990, 101_000);
    await engine.idle();
    expect((await stored(again.id)).status).toBe(1);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });
});
