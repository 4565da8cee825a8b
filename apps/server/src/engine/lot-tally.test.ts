import { addScaled, formatScaled, type Scaled, scaled } from '@meridian/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LotTally } from './lot-tally.ts';

const text = (v: Scaled) => formatScaled(v.n, v.s);

describe('LotTally', () => {
  it('sums lot texts of different scales exactly and returns to zero', () => {
    const t = new LotTally();
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
    const t = new LotTally();
    t.add('9007199254.740991', 1); // 2^53 − 1 units at scale 6
    t.add('0.000001', 1);
    expect(text(t.value())).toBe('9007199254.740992');
    t.add('0.0000001', 1);
    expect(text(t.value())).toBe('9007199254.7409921');
    t.add('9007199254.7409921', -1);
    expect(t.isZero).toBe(true);
  });

  it('moves to BigInt when a sum of small figures passes 2^53 − 1', () => {
    const t = new LotTally();
    for (let i = 0; i < 9; i++) t.add('999999999999999', 1); // 15 digits each: the Number path
    t.add('100000000000002', 1);
    expect(text(t.value())).toBe('9099999999999993'); // odd, beyond 2^53: a double cannot hold it
    t.add('0.5', 1);
    expect(text(t.value())).toBe('9099999999999993.5');
  });

  it('refuses a text that is not a lot figure', () => {
    for (const bad of ['', '.', '5.', '.5', '1e3', 'abc', '1.2.3'])
      expect(() => new LotTally().add(bad, 1)).toThrow();
  });

  it('matches BigInt addition over random sequences (both sides of the 15-digit boundary)', () => {
    const lot = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }))
      .map(([n, s]) => text({ n, s }));
    fc.assert(
      fc.property(fc.array(fc.tuple(lot, fc.boolean()), { maxLength: 40 }), (steps) => {
        const t = new LotTally();
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
