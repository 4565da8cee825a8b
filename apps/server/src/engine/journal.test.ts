import { describe, expect, it } from 'vitest';
import type { JournalBatch } from './journal.repository.ts';
import { Journal } from './journal.ts';
import type { OrderRow } from './order.repository.ts';

const row = (id: number) => ({ id }) as OrderRow;

describe('Journal', () => {
  it("puts the commands that one write's answers released into the next write together, even when writes are instant", async () => {
    const written: number[][] = [];
    const journal = new Journal(
      async (batch: JournalBatch) => {
        written.push(batch.orders.map((o) => o.id));
      },
      () => {},
    );
    // 64 callers, each staging an order, waiting for it to be durable, then staging the next:
    // the engine's callers under load (every answer releases the next request).
    let nextId = 1;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        for (let round = 0; round < 5; round++) {
          journal.putOrder(row(nextId++));
          await journal.commit();
        }
      }),
    );
    expect(written.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 320 }, (_, i) => i + 1));
    expect(written.map((ids) => ids.length)).toEqual([64, 64, 64, 64, 64]);
  });

  it('answers a caller with nothing staged once the write in progress is done', async () => {
    let release!: () => void;
    const writes: number[][] = [];
    const journal = new Journal(
      (batch: JournalBatch) => {
        writes.push(batch.orders.map((o) => o.id));
        return new Promise<void>((r) => {
          release = r;
        });
      },
      () => {},
    );
    journal.putOrder(row(1));
    const first = journal.commit();
    await new Promise((r) => setImmediate(r)); // the write of order 1 has begun
    expect(writes).toEqual([[1]]);
    let emptyDone = false;
    const empty = journal.commit().then(() => {
      emptyDone = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(emptyDone).toBe(false);
    release();
    await Promise.all([first, empty]);
    expect(writes).toEqual([[1]]);
  });

  it('fails the batch being written and everything staged during it, without writing them', async () => {
    const failures: unknown[] = [];
    let calls = 0;
    let fail!: () => void;
    const journal = new Journal(
      () => {
        calls++;
        return new Promise<void>((_, reject) => {
          fail = () => reject(new Error('connection lost'));
        });
      },
      (err) => failures.push(err),
    );
    journal.putOrder(row(1));
    const first = journal.commit();
    await new Promise((r) => setImmediate(r));
    journal.putOrder(row(2)); // staged while the first write is in progress (decided on top of it)
    const second = journal.commit();
    fail();
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).rejects.toThrow('connection lost');
    expect(journal.isFailed).toBe(true);
    expect(failures).toHaveLength(1);
    expect(calls).toBe(1);
  });
});
