import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TriggerIndex } from './trigger-index.ts';

describe('TriggerIndex', () => {
  it('returns exactly the levels a price crosses, on both sides', () => {
    const idx = new TriggerIndex();
    idx.add('below', { orderId: 1, level: 1.08, kind: 'stop_loss' });
    idx.add('below', { orderId: 2, level: 1.09, kind: 'fill' });
    idx.add('above', { orderId: 3, level: 1.11, kind: 'take_profit' });
    idx.add('above', { orderId: 4, level: 1.1, kind: 'fill' });
    expect(idx.crossed(1.095).map((t) => t.orderId)).toEqual([]);
    expect(idx.crossed(1.09).map((t) => t.orderId)).toEqual([2]);
    expect(idx.crossed(1.07).map((t) => t.orderId)).toEqual([2, 1]);
    expect(idx.crossed(1.105).map((t) => t.orderId)).toEqual([4]);
    expect(idx.crossed(1.2).map((t) => t.orderId)).toEqual([4, 3]);
    idx.remove(4);
    expect(idx.crossed(1.2).map((t) => t.orderId)).toEqual([3]);
    expect(idx.size).toBe(3);
  });

  it('agrees with a brute-force scan for any levels and price (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ dir: fc.constantFrom('below', 'above'), level: fc.integer({ min: 1, max: 1000 }) }),
          {
            maxLength: 60,
          },
        ),
        fc.integer({ min: 0, max: 1001 }),
        (items, price) => {
          const idx = new TriggerIndex();
          for (const [i, it] of items.entries()) {
            idx.add(it.dir as 'below' | 'above', { orderId: i, level: it.level, kind: 'fill' });
          }
          const expected = items
            .map((it, i) => ({ ...it, i }))
            .filter((it) => (it.dir === 'below' ? price <= it.level : price >= it.level))
            .map((it) => it.i)
            .sort((a, b) => a - b);
          expect(
            idx
              .crossed(price)
              .map((t) => t.orderId)
              .sort((a, b) => a - b),
          ).toEqual(expected);
        },
      ),
    );
  });
});

describe('TriggerIndex removal', () => {
  it('removes exactly the orders taken out, among many triggers at the same levels (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            dir: fc.constantFrom('below', 'above'),
            // few distinct levels: most triggers share a level with others
            level: fc.integer({ min: 1, max: 5 }),
            removeAfter: fc.boolean(),
          }),
          // long enough that removed entries pile up and the heap compacts
          { maxLength: 300 },
        ),
        fc.integer({ min: 0, max: 6 }),
        (items, price) => {
          const idx = new TriggerIndex();
          for (const [i, it] of items.entries())
            idx.add(it.dir as 'below' | 'above', { orderId: i, level: it.level, kind: 'stop_loss' });
          for (const [i, it] of items.entries()) if (it.removeAfter) idx.remove(i);
          idx.remove(10_000); // unknown ids are ignored
          const kept = items.map((it, i) => ({ ...it, i })).filter((it) => !it.removeAfter);
          const expected = kept
            .filter((it) => (it.dir === 'below' ? price <= it.level : price >= it.level))
            .map((it) => it.i)
            .sort((a, b) => a - b);
          expect(idx.size).toBe(kept.length);
          expect(
            idx
              .crossed(price)
              .map((t) => t.orderId)
              .sort((a, b) => a - b),
          ).toEqual(expected);
        },
      ),
    );
  });

  it('fires triggers at one level in the order they were set', () => {
    const idx = new TriggerIndex();
    for (const id of [5, 3, 9]) idx.add('below', { orderId: id, level: 1.2, kind: 'fill' });
    idx.add('below', { orderId: 1, level: 1.3, kind: 'fill' });
    expect(idx.crossed(1.1).map((t) => t.orderId)).toEqual([1, 5, 3, 9]);
  });
});
