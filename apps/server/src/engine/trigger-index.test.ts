import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  removeTriggers,
  TriggerIndex,
  type TriggerKind,
  type TriggerOwner,
  TriggerSets,
} from './trigger-index.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

/** Orders as the engine holds them (each owns its triggers), over one engine's trigger sets. */
function orders() {
  const byId = new Map<number, TriggerOwner>();
  const own = (id: number) => {
    let o = byId.get(id);
    if (!o) {
      o = { triggerSlot: -1, triggerIndex: null, triggerDirections: 0 };
      byId.set(id, o);
    }
    return o;
  };
  const sets = new TriggerSets();
  const index = () => new TriggerIndex(sets);
  const add = (
    idx: TriggerIndex,
    dir: 'below' | 'above',
    id: number,
    level: number,
    kind: TriggerKind = 'fill',
  ) => idx.add(dir, id, level, kind, own(id));
  /** The order ended: gone from the engine's live orders, its triggers taken out first. */
  const end = (id: number) => {
    removeTriggers(own(id));
    byId.delete(id);
  };
  return { own, index, add, end, sets };
}

describe('TriggerIndex', () => {
  it('returns exactly the levels a price crosses, on both sides', () => {
    const { index, own, add } = orders();
    const idx = index();
    add(idx, 'below', 1, 1.08, 'stop_loss');
    add(idx, 'below', 2, 1.09, 'fill');
    add(idx, 'above', 3, 1.11, 'take_profit');
    add(idx, 'above', 4, 1.1, 'fill');
    expect(idx.crossed(1.095).map((t) => t.orderId)).toEqual([]);
    expect(idx.crossed(1.09).map((t) => t.orderId)).toEqual([2]);
    expect(idx.crossed(1.07).map((t) => t.orderId)).toEqual([2, 1]);
    expect(idx.crossed(1.105).map((t) => t.orderId)).toEqual([4]);
    expect(idx.crossed(1.2).map((t) => t.orderId)).toEqual([4, 3]);
    removeTriggers(own(4));
    expect(idx.crossed(1.2).map((t) => t.orderId)).toEqual([3]);
    expect(idx.size).toBe(3);
  });

  it('agrees with a brute-force scan for any levels and price (property)', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
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
          const { index, add } = orders();
          const idx = index();
          for (const [i, it] of items.entries()) {
            add(idx, it.dir as 'below' | 'above', i, it.level, 'fill');
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
  it('removes exactly the orders taken out, among many triggers at the same levels (property)', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
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
          const { index, own, add } = orders();
          const idx = index();
          for (const [i, it] of items.entries())
            add(idx, it.dir as 'below' | 'above', i, it.level, 'stop_loss');
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
    const { index, add } = orders();
    const idx = index();
    for (const id of [5, 3, 9]) add(idx, 'below', id, 1.2, 'fill');
    add(idx, 'below', 1, 1.3, 'fill');
    expect(idx.crossed(1.1).map((t) => t.orderId)).toEqual([1, 5, 3, 9]);
  });

  it('takes out both stops of one order with one call', () => {
    const { index, own, add } = orders();
    const idx = index();
    add(idx, 'below', 7, 1.05, 'stop_loss');
    add(idx, 'above', 7, 1.15, 'take_profit');
    expect(idx.size).toBe(2);
    removeTriggers(own(7));
    expect(own(7)).toEqual({ triggerSlot: -1, triggerIndex: null, triggerDirections: 0 });
    expect(idx.size).toBe(0);
    expect(idx.countLive()).toBe(0);
    expect(idx.crossed(0.5)).toEqual([]);
    expect(idx.crossed(2)).toEqual([]);
  });

  it('moves stops edited in place: the old levels never fire again, the new ones do', () => {
    const { index, own, add } = orders();
    const idx = index();
    add(idx, 'below', 7, 1.05, 'stop_loss');
    add(idx, 'above', 7, 1.15, 'take_profit');
    removeTriggers(own(7)); // the engine's stop edit: same order object, new levels
    add(idx, 'below', 7, 1.0, 'stop_loss');
    add(idx, 'above', 7, 1.2, 'take_profit');
    expect(idx.crossed(1.04)).toEqual([]);
    expect(idx.crossed(1.16)).toEqual([]);
    expect(idx.crossed(0.99).map((t) => [t.orderId, t.level, t.kind])).toEqual([[7, 1.0, 'stop_loss']]);
    expect(idx.crossed(1.3).map((t) => [t.orderId, t.level, t.kind])).toEqual([[7, 1.2, 'take_profit']]);
    expect(idx.size).toBe(2);
    expect(idx.countLive()).toBe(2);
  });

  it('reuses the slots of dropped entries: churn does not grow the trigger sets', () => {
    const { index, own, add, sets } = orders();
    const idx = index();
    for (let id = 0; id < 100; id++) add(idx, 'below', id, 1 + id / 1000, 'stop_loss');
    // 10 000 stop edits: each leaves a stale entry until its heap compacts or pops it
    for (let k = 0; k < 10_000; k++) {
      const id = k % 100;
      removeTriggers(own(id));
      add(idx, 'below', id, 1 + ((k * 7919) % 1000) / 1000, 'stop_loss');
      if (k % 2 === 0) expect(idx.crossed(5)).toEqual([]); // a tick: stale entries on top are popped
    }
    expect(idx.size).toBe(100);
    expect(idx.countLive()).toBe(100);
    // live sets (100) plus at most the stale entries a heap holds before it compacts
    expect(sets.stats.used).toBeLessThan(400);
    expect(idx.crossed(0).length).toBe(100);
  });

  it('gives back the slots of stale entries popped from the top of a heap', () => {
    const { index, own, add, sets } = orders();
    const idx = index();
    for (let id = 1; id <= 50; id++) add(idx, 'below', id, id / 100, 'stop_loss');
    for (let k = 0; k < 5_000; k++) {
      add(idx, 'below', 0, 2 - k / 1e6, 'stop_loss'); // the highest level: the top
      removeTriggers(own(0)); // the top goes stale…
      expect(idx.crossed(3)).toEqual([]); // …and the next tick pops it
    }
    expect(sets.stats.used).toBeLessThan(60);
  });

  it('refuses a second trigger in one direction, or an order already in another index', () => {
    const { index, add } = orders();
    const a = index();
    const b = index();
    add(a, 'below', 1, 1.0);
    expect(() => add(a, 'below', 1, 0.9)).toThrow();
    expect(() => add(b, 'above', 1, 1.1)).toThrow();
  });

  it('agrees with a brute-force model over interleaved adds, removals and crossings (property)', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    type Op =
      | { op: 'add'; dir: 'below' | 'above'; level: number }
      | { op: 'remove'; pick: number }
      | { op: 'edit'; pick: number; level: number }
      | { op: 'end'; pick: number }
      | { op: 'cross'; price: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        op: fc.constant('add' as const),
        dir: fc.constantFrom('below' as const, 'above' as const),
        level: fc.integer({ min: 1, max: 20 }),
      }),
      fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
      // the engine's stop edit: the same order's triggers taken out and set again at a new level
      fc.record({ op: fc.constant('edit' as const), pick: fc.nat(), level: fc.integer({ min: 1, max: 20 }) }),
      // an order that ended: taken out and gone from the live orders
      fc.record({ op: fc.constant('end' as const), pick: fc.nat() }),
      fc.record({ op: fc.constant('cross' as const), price: fc.integer({ min: 0, max: 21 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const { index, own, add, end } = orders();
        const idx = index();
        const model = new Map<number, { dir: 'below' | 'above'; level: number; age: number }>();
        let next = 0;
        let clock = 0;
        for (const o of ops) {
          if (o.op === 'add') {
            const id = next++;
            add(idx, o.dir, id, o.level, 'fill');
            model.set(id, { dir: o.dir, level: o.level, age: clock++ });
          } else if (o.op === 'remove' || o.op === 'edit' || o.op === 'end') {
            const ids = [...model.keys()];
            if (ids.length === 0) continue;
            const id = ids[o.pick % ids.length]!;
            const was = model.get(id)!;
            if (o.op === 'end') end(id);
            else removeTriggers(own(id));
            model.delete(id);
            if (o.op === 'edit') {
              add(idx, was.dir, id, o.level, 'fill');
              model.set(id, { dir: was.dir, level: o.level, age: clock++ });
            }
          } else {
            // below side first, highest level first; then above, lowest first; ties by age
            const expected = [...model.entries()]
              .filter(([, t]) => (t.dir === 'below' ? o.price <= t.level : o.price >= t.level))
              .sort(([, a], [, b]) =>
                a.dir !== b.dir
                  ? a.dir === 'below'
                    ? -1
                    : 1
                  : a.level !== b.level
                    ? a.dir === 'below'
                      ? b.level - a.level
                      : a.level - b.level
                    : a.age - b.age,
              )
              .map(([id]) => id);
            expect(idx.crossed(o.price).map((t) => t.orderId)).toEqual(expected);
          }
          expect(idx.size).toBe(model.size);
          expect(idx.countLive()).toBe(model.size);
        }
      }),
    );
  });

  it('keeps every surviving trigger when most are removed and the heap compacts (property)', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ below: fc.boolean(), level: fc.integer({ min: 1, max: 20 }) }), {
          minLength: 200,
          maxLength: 400,
        }),
        fc.array(fc.nat(), { minLength: 150, maxLength: 150 }),
        (items, picks) => {
          const { index, own, add } = orders();
          const idx = index();
          for (const [i, it] of items.entries()) add(idx, it.below ? 'below' : 'above', i, it.level, 'fill');
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
