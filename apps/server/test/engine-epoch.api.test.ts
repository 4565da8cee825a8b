import { LEDGER_TYPE } from '@meridian/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { superseded } from '../src/db/fenced-writer.ts';
import { instruments, users } from '../src/db/schema.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { bumpEngineEpoch } from '../src/engine/journal.repository.ts';
import { type SubmitRequest, TradingEngine } from '../src/engine/trading-engine.ts';
import { toRecord } from '../src/market/live-market.ts';
import type { Quote } from '../src/market/types.ts';
import { moveMoney } from '../src/modules/ledger/move-money.ts';
import type { InstrumentRecord } from '../src/modules/market/market-runtime.ts';
import { createScratchDatabase, DB_KINDS } from './support/databases.ts';

/**
 * The fencing token: an engine whose server lost the database to another one without knowing
 * (its lock connection's database side closed by something in between) commits nothing more.
 */
describe.each(DB_KINDS)('engine epoch on %s', (kind) => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  let database: Database;
  let btc: InstrumentRecord;
  const now = Date.UTC(2026, 10, 25, 12);
  const quote: Quote = {
    instrumentId: 0,
    code: 'BTCUSD',
    bid: 100000,
    ask: 100030,
    mid: 100015,
    timeMs: now,
    seq: 1,
  };
  const order = (): SubmitRequest => ({
    side: 'buy',
    kind: 'market',
    instrumentId: btc.id,
    quantity: '0.1',
    leverage: 10,
    targetPrice: '0',
    stopLoss: '0',
    takeProfit: '0',
  });

  beforeAll(async () => {
    if (kind === 'postgres') scratch = await createScratchDatabase();
    database = await openDatabase(
      scratch ? { url: scratch.url, dataDir: 'memory://' } : { dataDir: 'memory://' },
    );
    await seedIfEmpty(database.db, '100000.00');
    btc = toRecord((await database.db.select().from(instruments).where(eq(instruments.code, 'BTCUSD')))[0]!);
    quote.instrumentId = btc.id;
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('refuses every batch of an engine once another took the database over, and says so', async () => {
    const epoch = await bumpEngineEpoch(database.db);
    const told: unknown[] = [];
    const engine = new TradingEngine({
      db: database.db,
      epoch,
      onSuperseded: (err) => told.push(err),
      now: () => now,
      market: {
        instrumentById: (id) => (id === btc.id ? btc : undefined),
        instruments: () => [btc],
        latest: (id) => (id === btc.id ? quote : undefined),
        status: () => 1,
        maxQuoteAgeMs: () => 60_000,
      },
      settings: { feeType: () => 2, stopOutLevel: () => '50', marginCallLevel: () => '100' },
      events: { ordersEnded: () => {}, accountTouched: () => {} },
      log: { error: () => {}, info: () => {}, warn: () => {}, fatal: () => {} } as never,
    });
    await engine.rebuild();
    const [u] = await database.db
      .insert(users)
      .values({ uid: `E${Date.now() % 1e6}`, inviteCode: `EI${Date.now() % 1e6}`, isDemo: true })
      .returning();
    await moveMoney(database.db, {
      userId: u!.id,
      type: LEDGER_TYPE.DEMO_OPENING_CREDIT,
      balanceDelta: '100000',
    });
    await engine.figures(u!.id);
    const kept = await engine.submit(u!.id, order());

    // Another server takes the database over (its own epoch); this engine does not know yet.
    expect(await bumpEngineEpoch(database.db)).toBe(epoch + 1);
    const refused = await engine.submit(u!.id, order()).catch((e: unknown) => e);
    expect(superseded(refused)).toBe(true);
    expect(told).toHaveLength(1);
    const stored = (
      (await database.db.execute(sql`select id from orders where user_id = ${u!.id}`)) as unknown as {
        rows: Array<{ id: number | string }>;
      }
    ).rows.map((r) => Number(r.id));
    expect(stored).toEqual([kept.id]);
  });
});
