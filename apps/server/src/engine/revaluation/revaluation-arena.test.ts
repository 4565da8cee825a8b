import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import wabtInit from 'wabt';
import { AccountBook } from '../account-book.ts';
import { type PositionOwner, PositionTable, type RiskPairs } from '../position-table.ts';
import { FLAG_CAPACITY, RevaluationArena } from './revaluation-arena.ts';
import { KERNEL_WASM_BASE64 } from './revalue-kernel.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

describe('revaluation kernel', () => {
  it('is the compiled revalue.wat (run `npm run build:wasm` after editing it)', async () => {
    const wabt = await wabtInit();
    const source = readFileSync(path.join(import.meta.dirname, 'revalue.wat'), 'utf8');
    const module = wabt.parseWat('revalue.wat', source);
    module.validate();
    const { buffer } = module.toBinary({});
    module.destroy();
    expect(Buffer.from(buffer).toString('base64')).toBe(KERNEL_WASM_BASE64);
  });
});

/** The risk pairs of `accounts` slots, as AccountBook keeps them in the arena. */
function riskPairs(arena: RevaluationArena, accounts: number): RiskPairs & { at(slot: number): number } {
  const riskOffset = arena.alloc(accounts * 16);
  return {
    riskOffset,
    at: (slot) => arena.f64[(riskOffset >> 3) + 2 * slot]!,
  };
}

const setFloor = (arena: RevaluationArena, risk: RiskPairs, slot: number, floor: number) => {
  arena.f64[(risk.riskOffset >> 3) + 2 * slot + 1] = floor;
};

type Op =
  | { kind: 'add'; open: number; units: number; slot: number }
  | { kind: 'remove'; pick: number }
  | { kind: 'tick'; bid: number; spread: number; usd: number }
  | { kind: 'table' };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      open: fc.double({ min: 0.5, max: 2, noNaN: true }),
      units: fc.constantFrom(-100_000, -1_000, 1_000, 100_000, 250),
      slot: fc.nat({ max: 19 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      bid: fc.double({ min: 0.5, max: 2, noNaN: true }),
      spread: fc.double({ min: 0, max: 0.01, noNaN: true }),
      usd: fc.constantFrom(1, 0.75, 1.3),
    }),
  },
  // Another instrument's first position: a new table, possibly in a region an older one released.
  { weight: 1, arbitrary: fc.constant({ kind: 'table' as const }) },
);

describe('position table in the arena', () => {
  it('revalues like a plain model through adds, removes, growth and ticks, and flags exactly the accounts below their floor', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 700 }), (ops) => {
        const arena = new RevaluationArena(1);
        const risk = riskPairs(arena, 20);
        // Tables share the arena and start small, so they grow (relocating their columns) many
        // times, and later tables take regions that earlier ones released when they grew.
        const tables = [new PositionTable(arena, 2)];
        const model: Array<
          { owner: PositionOwner; open: number; units: number; slot: number; last: number }[]
        > = [[]];
        const floating = new Array<number>(20).fill(0);
        const floors = Array.from({ length: 20 }, (_, s) => -50_000 + s * 5_000);
        for (const [s, f] of floors.entries()) setFloor(arena, risk, s, f);
        let k = 0;
        for (const o of ops) {
          if (o.kind === 'table') {
            tables.push(new PositionTable(arena, 2));
            model.push([]);
            continue;
          }
          const t = k++ % tables.length;
          const table = tables[t]!;
          const rows = model[t]!;
          if (o.kind === 'add') {
            const owner: PositionOwner = { positionSlot: -1 };
            table.add(owner, o.open, o.units, o.slot);
            rows.push({ owner, open: o.open, units: o.units, slot: o.slot, last: 0 });
          } else if (o.kind === 'remove') {
            if (rows.length === 0) continue;
            // The table fills the hole with its last row; the model does the same.
            const j = o.pick % rows.length;
            const row = rows[j];
            rows[j] = rows[rows.length - 1]!;
            rows.pop();
            const gone = table.remove(row!.owner);
            expect(gone).toEqual({ accountSlot: row!.slot, lastUsd: row!.last });
            floating[row!.slot]! -= row!.last;
            arena.f64[(risk.riskOffset >> 3) + 2 * row!.slot]! -= gone!.lastUsd;
            expect(table.remove(row!.owner)).toBeNull();
          } else {
            const ask = o.bid + o.spread;
            const suspects = new Set<number>();
            table.revalue(o.bid, ask, o.usd, risk, suspects);
            // An account is flagged when its running total is below its floor after any of its
            // positions (as the engine's loop did before the kernel).
            const expected = new Set<number>();
            for (const r of rows) {
              const usd = ((r.units > 0 ? o.bid : ask) - r.open) * r.units * o.usd;
              floating[r.slot]! += usd - r.last;
              r.last = usd;
              if (floating[r.slot]! < floors[r.slot]!) expected.add(r.slot);
            }
            expect(suspects).toEqual(expected);
          }
          expect(table.size).toBe(rows.length);
          for (const [i, r] of rows.entries()) expect(r.owner.positionSlot).toBe(i);
        }
        // Every table once more, so damage to a table that did not tick lately shows too.
        tables.forEach((table, t) => {
          table.revalue(1.25, 1.2501, 1, risk, new Set());
          for (const r of model[t]!) {
            const usd = ((r.units > 0 ? 1.25 : 1.2501) - r.open) * r.units;
            floating[r.slot]! += usd - r.last;
            r.last = usd;
          }
        });
        for (let s = 0; s < 20; s++) expect(risk.at(s)).toBeCloseTo(floating[s]!, 6);
      }),
      { numRuns: 600 },
    );
  });

  it('keeps its positions when the arena memory grows under it', () => {
    const arena = new RevaluationArena(1);
    const risk = riskPairs(arena, 1);
    const table = new PositionTable(arena);
    const owners: PositionOwner[] = [];
    // Far past the first region and the first pages of memory.
    for (let i = 0; i < 40_000; i++) {
      const owner = { positionSlot: -1 };
      owners.push(owner);
      table.add(owner, 1, i % 2 === 0 ? 1 : -1, 0);
    }
    expect(arena.used).toBeGreaterThan(16 * 65_536);
    table.revalue(1.5, 1.5, 1, risk, new Set());
    // 20 000 buys up 0.5 each, 20 000 sells down 0.5 each.
    expect(risk.at(0)).toBeCloseTo(0, 9);
    table.revalue(2, 2, 1, risk, new Set());
    expect(risk.at(0)).toBeCloseTo(0, 9);
    expect(table.remove(owners[39_999]!)).toEqual({ accountSlot: 0, lastUsd: -1 });
    expect(table.remove(owners[0]!)).toEqual({ accountSlot: 0, lastUsd: 1 });
    expect(table.size).toBe(39_998);
  });

  it('finds every flagged account when more go below their floor than the kernel can list', () => {
    const arena = new RevaluationArena(1);
    const accounts = FLAG_CAPACITY * 2 + 7;
    const risk = riskPairs(arena, accounts);
    const table = new PositionTable(arena);
    for (let s = 0; s < accounts; s++) {
      setFloor(arena, risk, s, -10);
      table.add({ positionSlot: -1 }, 1, 100, s);
    }
    const few = new Set<number>();
    table.revalue(0.95, 0.95, 1, risk, few); // −5 each: above every floor
    expect(few.size).toBe(0);
    const all = new Set<number>();
    table.revalue(0.8, 0.8, 1, risk, all); // −20 each: every account below
    expect(all.size).toBe(accounts);
    const some = new Set<number>();
    for (let s = 0; s < 5; s++) setFloor(arena, risk, s, -25);
    table.revalue(0.81, 0.81, 1, risk, some); // −19: only the accounts whose floor is −10
    expect(some.size).toBe(accounts - 5);
  });

  it('hands a released region to the next request of its size, zeroed', () => {
    const arena = new RevaluationArena();
    const a = arena.alloc(64);
    arena.f64[a >> 3] = 42;
    arena.release(a, 64);
    expect(arena.alloc(32)).not.toBe(a);
    const b = arena.alloc(64);
    expect(b).toBe(a);
    expect(arena.f64[b >> 3]).toBe(0);
    expect(() => arena.alloc(12)).toThrow(RangeError);
  });
});

describe('account book risk pairs in the arena', () => {
  it('keep every account’s floating profit and floor when the book grows past its first region', () => {
    const arena = new RevaluationArena(1);
    const book = new AccountBook({} as never, {} as never, () => 0, arena);
    const ids = Array.from({ length: 3_000 }, (_, i) => i + 1);
    const before = arena.used;
    // Every loaded account has a slot: adopting 3 000 grows the book twice (from 1 024).
    book.adopt(
      ids.map((id) => ({ id, balance: '100', lock: '0', margin: String(id), tradingFrozen: false })),
    );
    for (const id of ids) {
      const slot = book.slot(id);
      book.dropFloating(slot, -id); // floating profit = id
    }
    // 3 000 slots: the first region (1 024 pairs) was outgrown twice, and the first page with it.
    expect(arena.used).toBeGreaterThan(Math.max(before, 65_536));
    for (const id of ids) {
      const slot = book.slot(id);
      expect(book.userAt(slot)).toBe(id);
      expect(book.floating(slot)).toBe(id);
      // floor = margin × screen − balance − margin, at the default screen 0.625
      expect(arena.f64[(book.riskOffset >> 3) + 2 * slot + 1]).toBeCloseTo(id * 0.625 - 100 - id, 9);
    }
  });
});
