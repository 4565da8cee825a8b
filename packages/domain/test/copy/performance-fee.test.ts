import { describe, expect, it } from 'vitest';
import { performanceFee } from '../../src/copy/index.ts';
import { scaled } from '../../src/exact/scaled.ts';

const USD = 1_000_000;

describe('performanceFee', () => {
  it('charges the percent of the gain above the mark: 20 % of (11 000 − 10 000) = 200', () => {
    expect(
      performanceFee({
        equityMicros: 11_000 * USD,
        highWaterMarkMicros: 10_000 * USD,
        feePercent: scaled('20'),
      }),
    ).toEqual({ feeMicros: 200 * USD, newHighWaterMarkMicros: 10_800 * USD }); // 11 000 − 200
  });

  it('charges nothing at or below the mark and keeps it', () => {
    for (const equity of [9_500 * USD, 10_000 * USD, -3 * USD]) {
      expect(
        performanceFee({ equityMicros: equity, highWaterMarkMicros: 10_000 * USD, feePercent: scaled('20') }),
      ).toEqual({ feeMicros: 0, newHighWaterMarkMicros: 10_000 * USD });
    }
  });

  it('rounds the fee down to the micro-dollar', () => {
    // 7 micros × 20 % = 1.4 → 1
    expect(performanceFee({ equityMicros: 107, highWaterMarkMicros: 100, feePercent: scaled('20') })).toEqual(
      {
        feeMicros: 1,
        newHighWaterMarkMicros: 106,
      },
    );
    // 1 000.000001 USD × 12.5 % = 125 000 000.125 micros → 125 000 000
    expect(
      performanceFee({
        equityMicros: 2_000_000_001,
        highWaterMarkMicros: 1_000_000_000,
        feePercent: scaled('12.5'),
      }),
    ).toEqual({ feeMicros: 125_000_000, newHighWaterMarkMicros: 1_875_000_001 });
  });

  it('does not charge again for the fee it took', () => {
    const first = performanceFee({
      equityMicros: 11_000 * USD,
      highWaterMarkMicros: 10_000 * USD,
      feePercent: scaled('30'),
    });
    const again = performanceFee({
      equityMicros: 11_000 * USD - first.feeMicros,
      highWaterMarkMicros: first.newHighWaterMarkMicros,
      feePercent: scaled('30'),
    });
    expect(again).toEqual({ feeMicros: 0, newHighWaterMarkMicros: first.newHighWaterMarkMicros });
  });

  it('at 0 % moves the mark to the equity; 50 % is the most', () => {
    expect(performanceFee({ equityMicros: 150, highWaterMarkMicros: 100, feePercent: scaled('0') })).toEqual({
      feeMicros: 0,
      newHighWaterMarkMicros: 150,
    });
    expect(performanceFee({ equityMicros: 150, highWaterMarkMicros: 100, feePercent: scaled('50') })).toEqual(
      {
        feeMicros: 25,
        newHighWaterMarkMicros: 125,
      },
    );
  });

  it('handles a gain past 2^53 (two safe integers far apart) without losing a micro', () => {
    const max = Number.MAX_SAFE_INTEGER; // gain = 2 × max, 10 % of it = 1 801 439 850 948 198.2 → …198
    expect(
      performanceFee({ equityMicros: max, highWaterMarkMicros: -max, feePercent: scaled('10') }),
    ).toEqual({
      feeMicros: 1_801_439_850_948_198,
      newHighWaterMarkMicros: max - 1_801_439_850_948_198,
    });
  });

  it('treats a percent outside 0..50 or unsafe micros as a bug', () => {
    const ok = { equityMicros: 1, highWaterMarkMicros: 0 };
    expect(() => performanceFee({ ...ok, feePercent: scaled('50.01') })).toThrow(RangeError);
    expect(() => performanceFee({ ...ok, feePercent: scaled('-1') })).toThrow(RangeError);
    expect(() => performanceFee({ ...ok, equityMicros: 1.5, feePercent: scaled('10') })).toThrow(RangeError);
  });
});
