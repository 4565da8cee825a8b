import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { OrderIds } from '../src/engine/order-ids.ts';
import { createScratchDatabase, DB_KINDS } from './support/databases.ts';

/** Takes `n` ids, waiting for a block whenever `ready()` asks to (as the engine does). */
async function take(ids: OrderIds, n: number) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let r = ids.ready(); r !== true; r = ids.ready()) await r;
    out.push(ids.take());
  }
  return out;
}

/**
 * Order ids are handed out from blocks reserved on the orders' sequence (one nextval() per block),
 * with the block's size read from the sequence itself: two engines on one database (a restart that
 * overlaps the old process, a second node) must never hand out the same id.
 */
describe.each(DB_KINDS)('order id blocks on %s', (kind) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const scratch = await createScratchDatabase();
      drop = scratch.drop;
      database = await openDatabase({ url: scratch.url, dataDir: '' });
    } else database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('reserves blocks of the sequence step (10 000) and never hands out an id twice', async () => {
    const step = (await database.db.execute(
      sql`select seqincrement::int as step from pg_sequence
          where seqrelid = pg_get_serial_sequence('orders', 'id')::regclass`,
    )) as unknown as { rows: Array<{ step: number }> };
    expect(Number(step.rows[0]!.step)).toBe(10_000);

    const a = new OrderIds(database.db);
    const b = new OrderIds(database.db);
    // Interleaved, and past the point where each fetches its next block in the background.
    const first = [...(await take(a, 6_000)), ...(await take(b, 6_000))];
    const second = [...(await take(a, 6_000)), ...(await take(b, 6_000))];
    const all = [...first, ...second];
    expect(new Set(all).size).toBe(all.length);
    // Within a block ids are consecutive; each engine's ids rise.
    const fromA = [...first.slice(0, 6_000), ...second.slice(0, 6_000)];
    for (let i = 1; i < fromA.length; i++) expect(fromA[i]!).toBeGreaterThan(fromA[i - 1]!);
    expect(fromA[9_999]! - fromA[0]!).toBe(9_999);
  });

  it('survives a failed fetch of the next block made ahead of need, and retries it', async () => {
    // A database whose second reservation fails: the engine still has ids from the first block.
    let calls = 0;
    const flaky = {
      execute: async (q: unknown) => {
        if (++calls === 2) throw new Error('connection reset');
        return database.db.execute(q as never);
      },
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const ids = new OrderIds(flaky as never);
      await take(ids, 1);
      expect(calls).toBe(1);
      // Past half the block: ready() fetches the next one ahead of need, and that fetch fails…
      const before = await take(ids, 5_001);
      await new Promise((r) => setTimeout(r, 50));
      expect(calls).toBe(2);
      expect(unhandled).toEqual([]);
      // …the process carries on, and a later call fetches again: ids flow on into the next block.
      const after = await take(ids, 10_000);
      expect(new Set([...before, ...after]).size).toBe(15_001);
      expect(calls).toBeGreaterThanOrEqual(3);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
