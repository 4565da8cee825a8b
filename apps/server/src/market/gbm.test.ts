import { describe, expect, it } from 'vitest';
import { closedMsBetween } from './gbm.ts';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('closedMsBetween', () => {
  it('counts a forex weekend as 48 h, from any moment of the last half hour before the close', () => {
    expect(closedMsBetween('forex', undefined, at('2026-03-06T21:59:30Z'), at('2026-03-08T22:00:00Z'))).toBe(
      48 * HOUR,
    );
    expect(closedMsBetween('forex', undefined, at('2026-03-06T21:00:00Z'), at('2026-03-08T22:00:05Z'))).toBe(
      48 * HOUR,
    );
  });

  it('counts the metals daily break, a stock night and nothing inside a session or for crypto', () => {
    expect(closedMsBetween('metals', undefined, at('2026-03-04T20:59:00Z'), at('2026-03-04T22:00:00Z'))).toBe(
      HOUR,
    );
    // New York 16:00 EST to 09:30 EST next day.
    expect(
      closedMsBetween('us_equity', undefined, at('2026-03-04T20:59:00Z'), at('2026-03-05T14:30:00Z')),
    ).toBe(17.5 * HOUR);
    // Hong Kong's lunch break (12:00 to 13:00 HKT).
    expect(
      closedMsBetween(
        'asia_equity',
        'Asia/Hong_Kong',
        at('2026-03-02T03:59:00Z'),
        at('2026-03-02T05:00:00Z'),
      ),
    ).toBe(HOUR);
    expect(closedMsBetween('forex', undefined, at('2026-03-04T08:00:00Z'), at('2026-03-04T14:00:00Z'))).toBe(
      0,
    );
    expect(closedMsBetween('crypto', undefined, at('2026-03-01T00:00:00Z'), at('2026-03-20T00:00:00Z'))).toBe(
      0,
    );
  });

  it('counts at most a week, however long the pause', () => {
    expect(closedMsBetween('forex', undefined, at('2026-01-01T00:00:00Z'), at('2026-12-01T00:00:00Z'))).toBe(
      7 * 24 * HOUR,
    );
    expect(closedMsBetween('forex', undefined, at('2026-03-04T08:00:00Z'), at('2026-03-04T08:00:00Z'))).toBe(
      0,
    );
  });
});
