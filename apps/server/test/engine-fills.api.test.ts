import { LEDGER_TYPE, money } from '@meridian/domain';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { instruments, users } from '../src/db/schema.ts';
import { TradingEngine } from '../src/engine/trading-engine.ts';
import { toRecord } from '../src/market/live-market.ts';
import type { InstrumentRecord } from '../src/market/market-runtime.ts';
import type { Quote } from '../src/market/types.ts';
import { findMismatchedAccounts } from '../src/modules/ledger/ledger.repository.ts';
import { moveMoney } from '../src/modules/ledger/move-money.ts';
import { seedIfEmpty } from '../src/seed.ts';
import { quoteAt } from './support/engine-fixture.ts';

/**
 * Pending fills of a cross pair (EURGBP, margin converted to USD through GBPUSD), DESIGN §4: the
 * margin and fee reserved when the order was placed are recomputed at the fill price after a gap
 * only; a fill at the order's own target keeps them even when the conversion rate moved since.
 */
describe('pending fills of a cross pair', () => {
  let database: Database;
  let engine: TradingEngine;
  let eurgbp: InstrumentRecord;
  let gbpusd: InstrumentRecord;
  let userId: number;
  let now = Date.UTC(2026, 10, 18, 12);
  let seq = 0;
  const quotes = new Map<number, Quote>();
  const quote = (r: InstrumentRecord, bid: number, ask: number) => {
    now += 1000;
    const q = quoteAt(r, bid, ask, now, ++seq);
    quotes.set(r.id, q);
    engine.onQuote(q);
  };

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await seedIfEmpty(database.db, '100000.00');
    const rows = await database.db
      .select()
      .from(instruments)
      .where(inArray(instruments.code, ['EURGBP', 'GBPUSD']));
    eurgbp = toRecord(rows.find((r) => r.code === 'EURGBP')!);
    gbpusd = toRecord(rows.find((r) => r.code === 'GBPUSD')!);
    const byId = new Map([eurgbp, gbpusd].map((r) => [r.id, r]));
    engine = new TradingEngine({
      db: database.db,
      now: () => now,
      market: {
        instrumentById: (id) => byId.get(id),
        instruments: () => [...byId.values()],
        latest: (id) => quotes.get(id),
        status: () => 1,
        maxQuoteAgeMs: () => 60_000,
      },
      settings: { feeType: () => 2, stopOutLevel: () => '50', marginCallLevel: () => '100' },
      events: { ordersEnded: () => {}, accountTouched: () => {} },
      log: { error: () => {}, info: () => {}, warn: () => {} } as never,
    });
    await engine.rebuild();
    const [u] = await database.db
      .insert(users)
      .values({ uid: '700000000001', inviteCode: 'FILLS1', isDemo: true })
      .returning();
    userId = u!.id;
    await moveMoney(database.db, { userId, type: LEDGER_TYPE.DEMO_OPENING_CREDIT, balanceDelta: '100000' });
    quote(gbpusd, 1.3, 1.3001);
    quote(eurgbp, 0.87, 0.8701);
  });
  afterAll(() => database?.close());

  const placeBuyLimit = (target: string) =>
    engine.submit(userId, {
      side: 'buy',
      kind: 'pending',
      instrumentId: eurgbp.id,
      quantity: '1',
      leverage: eurgbp.leverageOptions.at(-1)!,
      targetPrice: target,
      stopLoss: '0',
      takeProfit: '0',
    });
  const stored = async (id: number) =>
    (await database.db.execute(
      sql`select status, open_price, margin, fee from orders where id = ${id}`,
    )) as unknown as {
      rows: Array<{ status: number; open_price: string; margin: string; fee: string }>;
    };
  const adjustments = async (id: number) =>
    (
      (await database.db.execute(
        sql`select count(*)::int as n from ledger_entries where memo like ${`order ${id} filled at %`}`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows[0]!.n;

  it('keeps the reserved margin and fee when the order fills at its own target, whatever GBPUSD did', async () => {
    const placed = await placeBuyLimit('0.865');
    quote(gbpusd, 1.25, 1.2501); // the pound fell: the same EUR margin is fewer dollars now
    quote(eurgbp, 0.8649, 0.865); // the ask reaches the target exactly
    await engine.idle();
    const row = (await stored(placed.id)).rows[0]!;
    expect(row.status).toBe(1);
    expect(money(row.open_price).toFixed()).toBe('0.865');
    expect(money(row.margin).toFixed()).toBe(money(placed.margin).toFixed());
    expect(money(row.fee).toFixed()).toBe(money(placed.fee).toFixed());
    expect(await adjustments(placed.id)).toBe(0);
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });

  it('recomputes them at the fill price after a gap', async () => {
    quote(eurgbp, 0.87, 0.8701);
    const placed = await placeBuyLimit('0.86');
    quote(eurgbp, 0.8549, 0.855); // a gap through the target: filled at 0.855
    await engine.idle();
    const row = (await stored(placed.id)).rows[0]!;
    expect(row.status).toBe(1);
    expect(money(row.open_price).toFixed()).toBe('0.855');
    expect(money(row.margin).lt(money(placed.margin))).toBe(true);
    // The margin's difference and the fee's, each an entry of its own (DESIGN §4: the fee is its own).
    const entries = (
      (await database.db.execute(
        sql`select type, balance_delta, margin_delta from ledger_entries
            where memo like ${`order ${placed.id} filled at %`} order by type`,
      )) as unknown as { rows: Array<{ type: number; balance_delta: string; margin_delta: string }> }
    ).rows;
    expect(entries.map((e) => e.type)).toEqual([LEDGER_TYPE.TRADE_FEE, LEDGER_TYPE.FILL_MARGIN_ADJUSTMENT]);
    const [fee, margin] = entries as [(typeof entries)[0], (typeof entries)[0]];
    const marginBack = money(placed.margin).minus(money(row.margin));
    expect(money(margin.balance_delta).toFixed(6)).toBe(marginBack.toFixed(6));
    expect(money(margin.margin_delta).toFixed(6)).toBe(marginBack.negated().toFixed(6));
    expect(money(fee.balance_delta).toFixed(6)).toBe(money(placed.fee).minus(money(row.fee)).toFixed(6));
    expect(money(fee.margin_delta).toFixed(6)).toBe('0.000000');
    expect(await findMismatchedAccounts(database.db)).toEqual([]);
  });
});
