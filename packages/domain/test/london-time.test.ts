import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketStart, CANDLE_PERIODS, londonDayStart, nextBucketStart, zoneOffsetMs } from '../src/index.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

const HOUR = 3_600_000;
const utc = (iso: string) => Date.parse(iso);
const sec = (iso: string) => Date.parse(iso) / 1000;

/** London wall clock of an instant, e.g. '2026-03-29 02:00'. */
const londonWall = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/London',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(ms);

describe('zoneOffsetMs', () => {
  it.each([
    ['2026-01-15T12:00:00Z', 'Europe/London', 0],
    ['2026-07-15T12:00:00Z', 'Europe/London', HOUR],
    ['2026-03-29T00:59:59.999Z', 'Europe/London', 0], // last GMT instant
    ['2026-03-29T01:00:00Z', 'Europe/London', HOUR], // clocks go forward
    ['2026-10-25T00:59:59.999Z', 'Europe/London', HOUR], // last BST instant
    ['2026-10-25T01:00:00Z', 'Europe/London', 0], // clocks go back
    ['2026-03-08T06:59:00Z', 'America/New_York', -5 * HOUR],
    ['2026-03-08T07:00:00Z', 'America/New_York', -4 * HOUR],
    ['2026-07-01T00:00:00Z', 'Asia/Tokyo', 9 * HOUR],
  ])('%s in %s is %d ms', (iso, zone, offset) => {
    expect(zoneOffsetMs(utc(iso), zone)).toBe(offset);
  });
});

describe('London day buckets across the 2026 daylight-saving changes', () => {
  it('29 March 2026 is a 23-hour day starting at 00:00 GMT', () => {
    const start = bucketStart(utc('2026-03-29T12:00:00Z'), '1day');
    expect(start).toBe(sec('2026-03-29T00:00:00Z'));
    const next = nextBucketStart(start, '1day');
    expect(next).toBe(sec('2026-03-29T23:00:00Z')); // midnight BST
    expect((next - start) / 3600).toBe(23);
  });

  it('25 October 2026 is a 25-hour day starting at 00:00 BST (23:00 UTC the day before)', () => {
    const start = bucketStart(utc('2026-10-25T12:00:00Z'), '1day');
    expect(start).toBe(sec('2026-10-24T23:00:00Z'));
    const next = nextBucketStart(start, '1day');
    expect(next).toBe(sec('2026-10-26T00:00:00Z'));
    expect((next - start) / 3600).toBe(25);
  });

  it('puts the instants just around London midnight in the right day', () => {
    // In summer, 23:30 UTC is already the next London day.
    expect(bucketStart(utc('2026-07-01T23:30:00Z'), '1day')).toBe(sec('2026-07-01T23:00:00Z'));
    expect(bucketStart(utc('2026-07-01T22:59:59Z'), '1day')).toBe(sec('2026-06-30T23:00:00Z'));
    expect(londonDayStart(utc('2026-01-10T00:00:00Z'))).toBe(utc('2026-01-10T00:00:00Z'));
    // The instant the clocks change belongs to the day that started at the previous midnight.
    expect(londonDayStart(utc('2026-03-29T01:00:00Z'))).toBe(utc('2026-03-29T00:00:00Z'));
    expect(londonDayStart(utc('2026-10-25T01:00:00Z'))).toBe(utc('2026-10-24T23:00:00Z'));
  });
});

describe('60-minute buckets at the change', () => {
  it('on 29 March: 00:00 GMT is followed by 02:00 BST, each bucket 3600 s', () => {
    const starts = ['2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z', '2026-03-29T02:30:00Z'].map((iso) =>
      bucketStart(utc(iso), '60min'),
    );
    expect(starts).toEqual([
      sec('2026-03-29T00:00:00Z'),
      sec('2026-03-29T01:00:00Z'),
      sec('2026-03-29T02:00:00Z'),
    ]);
    expect(starts.map((s) => londonWall(s * 1000).slice(11))).toEqual(['00:00', '02:00', '03:00']);
    for (const s of starts) expect(nextBucketStart(s, '60min') - s).toBe(3600);
  });

  it('on 25 October: the London hour 01:00 happens twice, as two distinct buckets', () => {
    const a = bucketStart(utc('2026-10-25T00:15:00Z'), '60min');
    const b = bucketStart(utc('2026-10-25T01:15:00Z'), '60min');
    expect(b - a).toBe(3600);
    expect(londonWall(a * 1000)).toBe(londonWall(b * 1000)); // both '2026-10-25 01:00'
    expect(londonWall(a * 1000)).toBe('2026-10-25 01:00');
  });
});

describe('bucket properties', () => {
  const anyInstant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });

  it('every instant lies in its bucket; buckets nest; a day starts at London midnight', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(anyInstant, (t) => {
        let outer = Number.NEGATIVE_INFINITY;
        for (const period of [...CANDLE_PERIODS].reverse()) {
          const start = bucketStart(t, period);
          const next = nextBucketStart(start, period);
          expect(start * 1000).toBeLessThanOrEqual(t);
          expect(next * 1000).toBeGreaterThan(t);
          expect(bucketStart(start * 1000, period)).toBe(start); // a start is its own bucket
          expect(start).toBeGreaterThanOrEqual(outer); // finer buckets sit inside coarser ones
          outer = start;
        }
        const day = bucketStart(t, '1day');
        expect(londonWall(day * 1000).slice(11)).toBe('00:00');
        expect([23, 24, 25]).toContain((nextBucketStart(day, '1day') - day) / 3600);
      }),
      { numRuns: 500 },
    );
  });
});
