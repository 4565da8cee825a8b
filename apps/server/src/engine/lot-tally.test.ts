import { addScaled, formatScaled, type Scaled, scaled } from '@meridian/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LotTallies } from './lot-tally.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

const text = (v: Scaled) => formatScaled(v.n, v.s);

/** One sum of the columns, at an index away from the first (the others must stay untouched). */
function tally() {
  const all = new LotTallies();
  const i = 37;
  return {
    all,
    add: (text: string, sign: 1 | -1) => all.add(i, text, sign),
    value: () => all.value(i),
    get isZero() {
      return all.isZero(i);
    },
  };
}

describe('LotTallies', () => {
  it('sums lot texts of different scales exactly and returns to zero', () => {
    const t = tally();
    t.add('0.1', 1);
    t.add('0.2', 1);
    t.add('3', 1);
    expect(text(t.value())).toBe('3.3'); // 0.1 + 0.2 in doubles would be 0.30000000000000004
    t.add('0.25', -1);
    expect(text(t.value())).toBe('3.05');
    t.add('3.05', -1);
    expect(t.isZero).toBe(true);
  });

  it('carries on exactly past 2^53 units', () => {
    const t = tally();
    t.add('9007199254.740991', 1); // 2^53 − 1 units at scale 6
    t.add('0.000001', 1);
    expect(text(t.value())).toBe('9007199254.740992');
    t.add('0.0000001', 1);
    expect(text(t.value())).toBe('9007199254.7409921');
    t.add('9007199254.7409921', -1);
    expect(t.isZero).toBe(true);
  });

  it('moves to BigInt when a sum of small figures passes 2^53 − 1', () => {
    const t = tally();
    for (let i = 0; i < 9; i++) t.add('999999999999999', 1); // 15 digits each: the Number path
    t.add('100000000000002', 1);
    expect(text(t.value())).toBe('9099999999999993'); // odd, beyond 2^53: a double cannot hold it
    t.add('0.5', 1);
    expect(text(t.value())).toBe('9099999999999993.5');
  });

  it('refuses a text that is not a lot figure', () => {
    for (const bad of ['', '.', '5.', '.5', '1e3', 'abc', '1.2.3'])
      expect(() => tally().add(bad, 1)).toThrow();
  });

  it('matches BigInt addition over random sequences (both sides of the 15-digit boundary)', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    const lot = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }))
      .map(([n, s]) => text({ n, s }));
    fc.assert(
      fc.property(fc.array(fc.tuple(lot, fc.boolean()), { maxLength: 40 }), (steps) => {
        const t = tally();
        let model: Scaled = { n: 0n, s: 0 };
        for (const [x, plus] of steps) {
          t.add(x, plus ? 1 : -1);
          const v = scaled(x);
          model = addScaled(model, plus ? v : { n: -v.n, s: v.s });
          expect(text(t.value())).toBe(text(model));
          expect(t.isZero).toBe(model.n === 0n);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('LotTallies as columns', () => {
  it('keeps each index apart, BigInt sums included, and empties on clear', () => {
    const t = new LotTallies();
    t.add(3, '0.5', 1);
    t.add(4, '999999999999999', 1);
    for (let k = 0; k < 9; k++) t.add(4, '999999999999999', 1); // past 2^53 units: BigInt
    expect(text(t.value(3))).toBe('0.5');
    expect(t.numberUnits(3)).toBe(5);
    expect(t.unitScale(3)).toBe(1);
    expect(t.numberUnits(4)).toBe(-1);
    expect(text(t.value(4))).toBe('9999999999999990');
    expect(t.isZero(5)).toBe(true);
    t.clear();
    expect(t.isZero(3)).toBe(true);
    expect(t.isZero(4)).toBe(true);
    expect(t.numberUnits(4)).toBe(0);
  });

  it('moves every sum, BigInt ones included, in a relayout and grows without losing any', () => {
    const t = new LotTallies();
    t.add(1, '2.25', 1);
    for (let k = 0; k < 10; k++) t.add(2, '999999999999999', 1);
    t.relayout(8192, 3, (i) => i * 100);
    expect(text(t.value(100))).toBe('2.25');
    expect(text(t.value(200))).toBe('9999999999999990');
    expect(t.isZero(1)).toBe(true);
    expect(t.isZero(2)).toBe(true);
    t.ensure(100_000);
    expect(t.capacity).toBeGreaterThanOrEqual(100_000);
    expect(text(t.value(100))).toBe('2.25');
    t.add(99_999, '1', 1);
    expect(text(t.value(99_999))).toBe('1');
  });
});
