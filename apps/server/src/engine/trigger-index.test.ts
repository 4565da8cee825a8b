import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { removeTriggers, TriggerIndex, type TriggerOwner } from './trigger-index.ts';

/** Orders as the engine holds them: each owns its triggers. */
function owners() {
  const byId = new Map<number, TriggerOwner>();
  return (id: number) => {
    let o = byId.get(id);
    if (!o) {
      o = { triggers: null };
      byId.set(id, o);
    }
    return o;
  };
}

describe('TriggerIndex', () => {
  it('returns exactly the levels a price crosses, on both sides', () => {
    const idx = new TriggerIndex();
    const own = owners();
    idx.add('below', { orderId: 1, level: 1.08, kind: 'stop_loss' }, own(1));
    idx.add('below', { orderId: 2, level: 1.09, kind: 'fill' }, own(2));
    idx.add('above', { orderId: 3, level: 1.11, kind: 'take_profit' }, own(3));
    idx.add('above', { orderId: 4, level: 1.1, kind: 'fill' }, own(4));
    expect(idx.crossed(1.095).map((t) => t.orderId)).toEqual([]);
    expect(idx.crossed(1.09).map((t) => t.orderId)).toEqual([2]);
    expect(idx.crossed(1.07).map((t) => t.orderId)).toEqual([2, 1]);
    expect(idx.crossed(1.105).map((t) => t.orderId)).toEqual([4]);
    expect(idx.crossed(1.2).map((t) => t.orderId)).toEqual([4, 3]);
    removeTriggers(own(4));
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
          const own = owners();
          for (const [i, it] of items.entries()) {
            idx.add(it.dir as 'below' | 'above', { orderId: i, level: it.level, kind: 'fill' }, own(i));
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
          const own = owners();
          for (const [i, it] of items.entries())
            idx.add(it.dir as 'below' | 'above', { orderId: i, level: it.level, kind: 'stop_loss' }, own(i));
          for (const [i, it] of items.entries()) if (it.removeAfter) removeTriggers(own(i));
          removeTriggers(own(10_000)); // an order without triggers: nothing happens
          for (const [i, it] of items.entries()) if (it.removeAfter) removeTriggers(own(i)); // twice: harmless
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
    const own = owners();
    for (const id of [5, 3, 9]) idx.add('below', { orderId: id, level: 1.2, kind: 'fill' }, own(id));
    idx.add('below', { orderId: 1, level: 1.3, kind: 'fill' }, own(1));
    expect(idx.crossed(1.1).map((t) => t.orderId)).toEqual([1, 5, 3, 9]);
  });

  it('takes out both stops of one order with one call', () => {
    const idx = new TriggerIndex();
    const position: TriggerOwner = { triggers: null };
    idx.add('below', { orderId: 7, level: 1.05, kind: 'stop_loss' }, position);
    idx.add('above', { orderId: 7, level: 1.15, kind: 'take_profit' }, position);
    expect(idx.size).toBe(2);
    removeTriggers(position);
    expect(position.triggers).toBeNull();
    expect(idx.size).toBe(0);
    expect(idx.crossed(0.5)).toEqual([]);
    expect(idx.crossed(2)).toEqual([]);
  });

  it('agrees with a brute-force model over interleaved adds, removals and crossings (property)', () => {
    type Op =
      | { op: 'add'; dir: 'below' | 'above'; level: number }
      | { op: 'remove'; pick: number }
      | { op: 'cross'; price: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        op: fc.constant('add' as const),
        dir: fc.constantFrom('below' as const, 'above' as const),
        level: fc.integer({ min: 1, max: 20 }),
      }),
      fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ op: fc.constant('cross' as const), price: fc.integer({ min: 0, max: 21 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const idx = new TriggerIndex();
        const own = owners();
        const model = new Map<number, { dir: 'below' | 'above'; level: number }>();
        let next = 0;
        for (const o of ops) {
          if (o.op === 'add') {
            const id = next++;
            idx.add(o.dir, { orderId: id, level: o.level, kind: 'fill' }, own(id));
            model.set(id, { dir: o.dir, level: o.level });
          } else if (o.op === 'remove') {
            const ids = [...model.keys()];
            if (ids.length === 0) continue;
            const id = ids[o.pick % ids.length]!;
            removeTriggers(own(id));
            model.delete(id);
          } else {
            // below side first, highest level first; then above, lowest first; ties by age
            const expected = [...model.entries()]
              .filter(([, t]) => (t.dir === 'below' ? o.price <= t.level : o.price >= t.level))
              .sort(([ia, a], [ib, b]) =>
                a.dir !== b.dir
                  ? a.dir === 'below'
                    ? -1
                    : 1
                  : a.level !== b.level
                    ? a.dir === 'below'
                      ? b.level - a.level
                      : a.level - b.level
                    : ia - ib,
              )
              .map(([id]) => id);
            expect(idx.crossed(o.price).map((t) => t.orderId)).toEqual(expected);
          }
          expect(idx.size).toBe(model.size);
        }
      }),
    );
  });

  it('keeps every surviving trigger when most are removed and the heap compacts (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ below: fc.boolean(), level: fc.integer({ min: 1, max: 20 }) }), {
          minLength: 200,
          maxLength: 400,
        }),
        fc.array(fc.nat(), { minLength: 150, maxLength: 150 }),
        (items, picks) => {
          const idx = new TriggerIndex();
          const own = owners();
          for (const [i, it] of items.entries())
            idx.add(it.below ? 'below' : 'above', { orderId: i, level: it.level, kind: 'fill' }, own(i));
          // Remove more than half, so the removed entries (over 64) outnumber the live ones.
          const alive = items.map((_, i) => i);
          const removeCount = Math.floor(items.length / 2) + 20;
          for (let k = 0; k < removeCount; k++) {
            const j = (picks[k % picks.length]! + k) % alive.length;
            removeTriggers(own(alive[j]!));
            alive.splice(j, 1);
          }
          expect(idx.size).toBe(alive.length);
          for (let price = 0; price <= 21; price++) {
            const expected = alive
              .filter((i) => (items[i]!.below ? price <= items[i]!.level : price >= items[i]!.level))
              .sort((a, b) => a - b);
            const got = idx
              .crossed(price)
              .map((t) => t.orderId)
              .sort((a, b) => a - b);
            expect(got).toEqual(expected);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
