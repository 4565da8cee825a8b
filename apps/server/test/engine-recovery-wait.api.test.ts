import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { orders } from '../src/db/schema.ts';
import { writeJournalBatch } from '../src/engine/journal.repository.ts';
import { TradingEngine } from '../src/engine/trading-engine.ts';
import { AppError } from '../src/lib/app-error.ts';
import type { InstrumentRecord } from '../src/market/market-runtime.ts';
import { seedIfEmpty } from '../src/seed.ts';
import {
  btcQuote,
  fundedUser,
  loadBtc,
  marketBuy,
  oneInstrumentMarket,
  quietEngineDeps,
} from './support/engine-fixture.ts';

/**
 * A failed journal write sends the engine into recovery (fence the lost connection, rebuild memory
 * from the database). A fence can take long (a database backend that is stopped rather than dead):
 * commands arriving meanwhile wait a bounded time and are then refused with nothing done, instead of
 * acting whenever the database comes back, long after their caller and their price have gone.
 */
describe('trading engine: commands during a long recovery', () => {
  let database: Database;
  let btc: InstrumentRecord;
  const now = Date.UTC(2026, 10, 25, 12);
  let failNext = 0;
  let releaseFence: () => void = () => {};
  let fenceHeld: Promise<void> = Promise.resolve();
  let recoveryStarted: () => void = () => {};

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await seedIfEmpty(database.db, '100000.00');
    btc = await loadBtc(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  function newEngine() {
    return new TradingEngine({
      db: database.db,
      now: () => now,
      market: oneInstrumentMarket(
        () => btc,
        () => btcQuote(btc.id, now),
      ),
      ...quietEngineDeps,
      log: {
        info: () => {},
        warn: () => {},
        fatal: () => {},
        error: (_o: unknown, msg: string) => {
          if (msg.startsWith('journal write failed')) recoveryStarted();
        },
      } as never,
      recoveryWaitMs: 300,
      writer: { run: (fn) => fn(database.db), fence: () => fenceHeld },
      writeBatch: async (batch) => {
        if (failNext > 0) {
          failNext--;
          throw new Error('connection lost');
        }
        await writeJournalBatch(database.db, batch);
      },
    });
  }

  const ordersOf = async (userId: number) =>
    (await database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).map(
      (r) => r.id,
    );

  it('refuses a command that outwaits the recovery, and carries on once it is over', async () => {
    const engine = newEngine();
    await engine.rebuild();
    const userId = await fundedUser(database.db, 'W');
    await engine.figures(userId);

    // The fence will not answer until released; the next write fails.
    fenceHeld = new Promise<void>((r) => {
      releaseFence = r;
    });
    failNext = 1;
    const recovering = new Promise<void>((r) => {
      recoveryStarted = r;
    });
    // Whether its batch landed cannot be asked before the fence: its answer waits for the database,
    // but only the bounded wait holds everything else up before the recovery starts.
    const first = engine.submit(userId, marketBuy(btc.id)).then(
      () => 'acknowledged',
      () => 'failed',
    );
    await recovering;

    // A compliance (un)freeze waits the recovery out, however long: its stored flag is written
    // first, and a rebuild that read the account before it would leave memory disagreeing.
    expect(engine.isRecovering).toBe(true);
    let applied = false;
    const unfreezing = engine.setTradingFrozen(userId, false).then(() => {
      applied = true;
    });

    const started = Date.now();
    const refused = await engine.submit(userId, marketBuy(btc.id)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).errorName).toBe('SERVICE_RECOVERING');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await expect(engine.close(userId, 1)).rejects.toMatchObject({ errorName: 'SERVICE_RECOVERING' });
    await expect(engine.figures(userId)).rejects.toMatchObject({ errorName: 'SERVICE_RECOVERING' });

    expect(applied).toBe(false); // still waiting, past the commands' bound
    // A command that arrives while it lasts, but within its wait, is served once it is over.
    const waiting = engine.submit(userId, marketBuy(btc.id));
    setTimeout(() => releaseFence(), 100);
    const served = await waiting;
    expect(await first).toBe('failed');
    await unfreezing;
    expect(engine.isRecovering).toBe(false);
    await engine.settled();

    // Nothing of the refused commands happened: only the one served is in the database.
    expect(await ordersOf(userId)).toEqual([served.id]);
    expect(engine.liveOrdersOf(userId).map((o) => o.id)).toEqual([served.id]);
    await engine.idle();
  });
});
