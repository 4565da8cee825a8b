import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdTable } from './id-table.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

type Op = { kind: 'set'; id: number; value: number } | { kind: 'delete'; id: number };

/** Ids mostly ascending (as order ids are handed out), with deletes of random earlier ones. */
const ops = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('new' as const), value: fc.integer() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('reset' as const), pick: fc.nat(), value: fc.integer() }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('jump' as const), by: fc.integer({ min: 1, max: 5000 }) }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('any' as const),
        id: fc.nat({ max: 2 ** 33 }),
        value: fc.integer(),
      }),
    },
  ),
  { maxLength: 600 },
);

type Raw = typeof ops extends fc.Arbitrary<infer U> ? U : never;

function script(raw: Raw): Op[] {
  const out: Op[] = [];
  const seen: number[] = [];
  let next = 0;
  for (const r of raw) {
    if (r.kind === 'new') {
      out.push({ kind: 'set', id: next, value: r.value });
      seen.push(next++);
    } else if (r.kind === 'jump') next += r.by;
    else if (r.kind === 'any') {
      out.push({ kind: 'set', id: r.id, value: r.value });
      seen.push(r.id);
    } else if (seen.length > 0) {
      const id = seen[r.pick % seen.length]!;
      // `reset`: an id set again (a pending order replaced by its position, possibly after a delete).
      out.push(r.kind === 'delete' ? { kind: 'delete', id } : { kind: 'set', id, value: r.value });
    }
  }
  return out;
}

describe('IdTable', () => {
  it('answers like a Map for any sequence of sets and deletes, paged or spilled', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(ops, fc.boolean(), (raw, spill) => {
        const table = new IdTable<number>({ spill });
        const model = new Map<number, number>();
        for (const op of script(raw)) {
          if (op.kind === 'set') {
            table.set(op.id, op.value);
            model.set(op.id, op.value);
          } else expect(table.delete(op.id)).toBe(model.delete(op.id));
          expect(table.size).toBe(model.size);
          if (op.kind === 'set') expect(table.get(op.id)).toBe(op.value);
        }
        for (const [id, v] of model) expect(table.get(id)).toBe(v);
        expect([...table.values()].sort((a, b) => a - b)).toEqual([...model.values()].sort((a, b) => a - b));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every page but the newest at least 16 entries full (memory stays bounded)', () => {
    const table = new IdTable<number>();
    for (let id = 0; id < 256 * 40; id++) table.set(id, id);
    // Long-lived orders scattered over the ids: all but 3 of every page end.
    for (let id = 0; id < 256 * 40; id++) if (id % 256 >= 3) table.delete(id);
    const { pages, spilled } = table.stats;
    expect(pages).toBeLessThanOrEqual(1);
    expect(spilled).toBeGreaterThanOrEqual(3 * 39);
    for (let page = 0; page < 40; page++)
      for (let k = 0; k < 3; k++) expect(table.get(page * 256 + k)).toBe(page * 256 + k);
    // An id set again behind the newest page (a fill replacing a pending order) does not open a page.
    table.delete(5 * 256 + 1);
    table.set(5 * 256 + 1, -1);
    expect(table.get(5 * 256 + 1)).toBe(-1);
    expect(table.stats.pages).toBeLessThanOrEqual(1);
  });

  it('leaves no sparse page behind a bulk load in id order (start-up)', () => {
    const table = new IdTable<number>();
    // Start-up: a few old positions, then the recent ids dense.
    for (const id of [3, 700, 1500]) table.set(id, id);
    for (let id = 10_000; id < 10_600; id++) table.set(id, id);
    expect(table.stats).toEqual({ pages: 3, spilled: 3 });
    for (const id of [3, 700, 1500, 10_000, 10_599]) expect(table.get(id)).toBe(id);
  });

  it('never spills when told not to (user ids: any order, never deleted)', () => {
    const table = new IdTable<number>({ spill: false });
    for (const id of [90_000, 5, 40_000, 6]) table.set(id, id);
    expect(table.stats).toEqual({ pages: 3, spilled: 0 });
    for (const id of [90_000, 5, 40_000, 6]) expect(table.get(id)).toBe(id);
  });

  it('finds nothing for ids that are not non-negative integers (as a Map would)', () => {
    for (const spill of [true, false]) {
      const table = new IdTable<string>({ spill });
      table.set(1, 'one');
      table.set(2 ** 32 - 1, 'last paged');
      for (const odd of [1.5, -1, -(2 ** 32) + 1, Number.NaN]) {
        expect(table.get(odd)).toBeUndefined();
        expect(table.delete(odd)).toBe(false);
      }
      expect(table.size).toBe(2);
    }
  });

  it('spills the page it leaves behind when that page is already sparse', () => {
    const table = new IdTable<number>();
    for (let id = 0; id < 256; id++) table.set(id, id);
    for (let id = 3; id < 256; id++) table.delete(id); // ended while their page was the newest
    expect(table.stats).toEqual({ pages: 1, spilled: 0 });
    table.set(256, 256); // the next page opens: the first one keeps 3 of 256
    expect(table.stats).toEqual({ pages: 1, spilled: 3 });
    for (const id of [0, 1, 2, 256]) expect(table.get(id)).toBe(id);
  });

  it('refuses ids that are not non-negative integers', () => {
    const table = new IdTable<number>();
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53]) expect(() => table.set(bad, 1)).toThrow(RangeError);
  });
});
