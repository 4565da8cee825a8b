import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { superseded } from '../src/db/fenced-writer.ts';
import { bumpEngineEpoch } from '../src/engine/journal.repository.ts';
import { TradingEngine } from '../src/engine/trading-engine.ts';
import type { InstrumentRecord } from '../src/market/market-runtime.ts';
import type { Quote } from '../src/market/types.ts';
import { seedIfEmpty } from '../src/seed.ts';
import { createScratchDatabase, DB_KINDS } from './support/databases.ts';
import {
  btcQuote,
  fundedUser,
  loadBtc,
  marketBuy,
  oneInstrumentMarket,
  quietEngineDeps,
} from './support/engine-fixture.ts';

/**
 * The fencing token: an engine whose server lost the database to another one without knowing
 * (its lock connection's database side closed by something in between) commits nothing more.
 */
describe.each(DB_KINDS)('engine epoch on %s', (kind) => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  let database: Database;
  let btc: InstrumentRecord;
  const now = Date.UTC(2026, 10, 25, 12);
  let quote: Quote;

  beforeAll(async () => {
    if (kind === 'postgres') scratch = await createScratchDatabase();
    database = await openDatabase(
      scratch ? { url: scratch.url, dataDir: 'memory://' } : { dataDir: 'memory://' },
    );
    await seedIfEmpty(database.db, '100000.00');
    btc = await loadBtc(database.db);
    quote = btcQuote(btc.id, now);
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
      market: oneInstrumentMarket(
        () => btc,
        () => quote,
      ),
      ...quietEngineDeps,
    });
    await engine.rebuild();
    const userId = await fundedUser(database.db, 'E');
    await engine.figures(userId);
    const kept = await engine.submit(userId, marketBuy(btc.id));

    // Another server takes the database over (its own epoch); this engine does not know yet.
    expect(await bumpEngineEpoch(database.db)).toBe(epoch + 1);
    const refused = await engine.submit(userId, marketBuy(btc.id)).catch((e: unknown) => e);
    expect(superseded(refused)).toBe(true);
    expect(told).toHaveLength(1);
    const stored = (
      (await database.db.execute(sql`select id from orders where user_id = ${userId}`)) as unknown as {
        rows: Array<{ id: number | string }>;
      }
    ).rows.map((r) => Number(r.id));
    expect(stored).toEqual([kept.id]);
  });
});
