import { formatScaled } from '@meridian/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AccountOrders, type ListedOrder } from './account-orders.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

interface O extends ListedOrder {
  slot: number;
  prevOfUser: O | null;
  nextOfUser: O | null;
}

const order = (id: number, slot: number): O => ({ id, slot, prevOfUser: null, nextOfUser: null });

/** The account's lots on a lane, as their text. */
function lotsText(a: AccountOrders<O>, slot: number, lane: number): string {
  const v = a.lots.value(a.lotsAt(slot, lane));
  return formatScaled(v.n, v.s);
}

function listed(a: AccountOrders<O>, slot: number): number[] {
  const out: number[] = [];
  for (let o = a.first(slot); o; o = o.nextOfUser) out.push(o.id);
  return out;
}

describe('AccountOrders', () => {
  it('matches a model of per-account lists and lot sums over random adds, removals and new lanes', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    // Slots past the first growth (1 024) and lanes past the first stride (64), so both relayouts run.
    const step = fc.oneof(
      fc.record({
        op: fc.constant('add' as const),
        slot: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1000, max: 2100 })),
        lane: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 60, max: 140 })),
        lots: fc.integer({ min: 1, max: 500 }),
      }),
      fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120 }), (steps) => {
        const a = new AccountOrders<O>();
        const model = new Map<number, O[]>();
        const sums = new Map<string, number>();
        const live: Array<{ o: O; lane: number; lots: number }> = [];
        let id = 1;
        for (const s of steps) {
          if (s.op === 'add') {
            const o = order(id++, s.slot);
            a.append(s.slot, o);
            a.lots.add(a.lotsFor(s.slot, s.lane), formatScaled(BigInt(s.lots), 2), 1);
            model.set(s.slot, [...(model.get(s.slot) ?? []), o]);
            const k = `${s.slot}:${s.lane}`;
            sums.set(k, (sums.get(k) ?? 0) + s.lots);
            live.push({ o, lane: s.lane, lots: s.lots });
          } else if (live.length > 0) {
            const [x] = live.splice(s.pick % live.length, 1);
            a.unlink(x!.o.slot, x!.o);
            a.lots.add(a.lotsFor(x!.o.slot, x!.lane), formatScaled(BigInt(x!.lots), 2), -1);
            model.set(
              x!.o.slot,
              model.get(x!.o.slot)!.filter((o) => o !== x!.o),
            );
            const k = `${x!.o.slot}:${x!.lane}`;
            sums.set(k, sums.get(k)! - x!.lots);
          }
          for (const [slot, os] of model) {
            expect(listed(a, slot)).toEqual(os.map((o) => o.id));
            expect(a.count(slot)).toBe(os.length);
          }
          for (const [k, v] of sums) {
            const [slot, lane] = k.split(':').map(Number) as [number, number];
            expect(lotsText(a, slot, lane)).toBe(formatScaled(BigInt(v), 2));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses an order already listed and one that is not listed, changing nothing', () => {
    const a = new AccountOrders<O>();
    const x = order(1, 0);
    const y = order(2, 0);
    a.append(0, x);
    a.append(0, y);
    expect(() => a.append(0, x)).toThrow(/already/);
    const stranger = order(3, 0);
    expect(() => a.unlink(0, stranger)).toThrow(/not live/);
    expect(() => a.unlink(7, stranger)).toThrow(/not live/);
    expect(listed(a, 0)).toEqual([1, 2]);
    expect(a.count(0)).toBe(2);
  });

  it('gives lot rows only to accounts that hold orders; the others read zero and stay apart', () => {
    const a = new AccountOrders<O>();
    a.lots.add(a.lotsFor(900, 5), '2', 1);
    // Slots never given a row read row 0's zeros, whichever lane, before and after a widening.
    for (const slot of [0, 1, 899, 901, 5000]) expect(a.lots.isZero(a.lotsAt(slot, 5))).toBe(true);
    a.lots.add(a.lotsFor(7, 100), '1', 1); // lane past the first stride: a relayout
    expect(lotsText(a, 900, 5)).toBe('2');
    expect(lotsText(a, 7, 100)).toBe('1');
    for (const slot of [0, 1, 899, 901, 5000]) {
      expect(a.lots.isZero(a.lotsAt(slot, 5))).toBe(true);
      expect(a.lots.isZero(a.lotsAt(slot, 100))).toBe(true);
    }
    // Many accounts with rows: each keeps its own sums as the row store grows.
    for (let slot = 0; slot < 600; slot++) a.lots.add(a.lotsFor(slot, slot % 70), String(slot + 1), 1);
    for (let slot = 0; slot < 600; slot++)
      expect(a.lots.numberUnits(a.lotsAt(slot, slot % 70))).toBe(slot + 1);
  });

  it('refuses a stale order after the lists were cleared (its owner holds none now)', () => {
    const a = new AccountOrders<O>();
    const x1 = order(1, 0);
    const x2 = order(2, 0);
    a.append(0, x1);
    a.append(0, x2);
    a.clear(); // a rebuild: the slots start again
    a.append(1, order(3, 1));
    expect(() => a.unlink(0, x2)).toThrow(/not live/);
    a.append(0, order(4, 0));
    expect(listed(a, 0)).toEqual([4]);
    expect(a.count(0)).toBe(1);
  });

  it('empties every list and sum on clear', () => {
    const a = new AccountOrders<O>();
    a.append(3, order(1, 3));
    a.lots.add(a.lotsFor(3, 2), '1.5', 1);
    a.clear();
    expect(a.first(3)).toBeNull();
    expect(a.count(3)).toBe(0);
    expect(a.lots.isZero(a.lotsAt(3, 2))).toBe(true);
  });
});
