import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMarketOpen, SESSION_KINDS, type SessionKind, sessionHoursPerWeek } from '../src/index.ts';

/** fast-check runs hundreds of cases a test: a generous budget so a loaded 2-core CI machine passes. */
const PROPERTY_TIMEOUT_MS = 60_000;

const utc = (iso: string) => Date.parse(iso);

// 2026-03-06 is a Friday; 2026-03-08 the Sunday the US changes to daylight time; 2026-03-29 the UK's.
describe('isMarketOpen', () => {
  it.each<[SessionKind, string, boolean, string?]>([
    ['forex', '2026-03-04T12:00:00Z', true],
    ['forex', '2026-03-06T21:59:00Z', true],
    ['forex', '2026-03-06T22:00:00Z', false],
    ['forex', '2026-03-07T12:00:00Z', false],
    ['forex', '2026-03-08T21:59:00Z', false],
    ['forex', '2026-03-08T22:00:00Z', true],
    ['crypto', '2026-03-07T12:00:00Z', true],
    ['metals', '2026-03-04T20:59:00Z', true],
    ['metals', '2026-03-04T21:00:00Z', false], // daily break
    ['metals', '2026-03-04T21:59:00Z', false],
    ['metals', '2026-03-04T22:00:00Z', true],
    ['energy', '2026-03-06T21:30:00Z', false],
    ['energy', '2026-03-08T22:00:00Z', true],
    ['us_equity', '2026-03-06T14:29:00Z', false], // 09:29 EST
    ['us_equity', '2026-03-06T14:30:00Z', true], // 09:30 EST
    ['us_equity', '2026-03-06T20:59:00Z', true],
    ['us_equity', '2026-03-06T21:00:00Z', false], // 16:00 EST
    ['us_equity', '2026-03-09T13:30:00Z', true], // 09:30 EDT
    ['us_equity', '2026-03-09T19:59:00Z', true],
    ['us_equity', '2026-03-09T20:00:00Z', false], // 16:00 EDT
    ['us_equity', '2026-03-07T15:00:00Z', false], // Saturday
    ['eu_equity', '2026-03-27T08:00:00Z', true], // 08:00 GMT
    ['eu_equity', '2026-03-27T07:59:00Z', false],
    ['eu_equity', '2026-03-30T07:00:00Z', true], // 08:00 BST
    ['eu_equity', '2026-03-30T15:29:00Z', true],
    ['eu_equity', '2026-03-30T15:30:00Z', false], // 16:30 BST
    ['asia_equity', '2026-03-02T00:00:00Z', true], // 09:00 JST Monday
    ['asia_equity', '2026-03-01T23:59:00Z', false],
    ['asia_equity', '2026-03-02T02:29:00Z', true], // 11:29 JST
    ['asia_equity', '2026-03-02T02:30:00Z', false], // 11:30 JST: lunch
    ['asia_equity', '2026-03-02T03:29:00Z', false],
    ['asia_equity', '2026-03-02T03:30:00Z', true], // 12:30 JST
    ['asia_equity', '2026-03-02T06:15:00Z', true], // 15:15 JST (to 15:30 since November 2024)
    ['asia_equity', '2026-03-02T06:30:00Z', false], // 15:30 JST
    ['asia_equity', '2026-03-02T01:15:00Z', false, 'Asia/Hong_Kong'], // 09:15 HKT: pre-opening
    ['asia_equity', '2026-03-02T01:30:00Z', true, 'Asia/Hong_Kong'], // 09:30 HKT
    ['asia_equity', '2026-03-02T04:00:00Z', false, 'Asia/Hong_Kong'], // 12:00 HKT: lunch
    ['asia_equity', '2026-03-02T05:00:00Z', true, 'Asia/Hong_Kong'], // 13:00 HKT
    ['asia_equity', '2026-03-02T07:59:00Z', true, 'Asia/Hong_Kong'], // 15:59 HKT
    ['asia_equity', '2026-03-02T08:00:00Z', false, 'Asia/Hong_Kong'], // 16:00 HKT
  ])('%s at %s → %s', (session, iso, open, zone) => {
    expect(isMarketOpen(session, utc(iso), zone)).toBe(open);
  });

  it('crypto never closes', { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (t) => isMarketOpen('crypto', t)));
  });

  it.each<[SessionKind, string?]>([
    ...SESSION_KINDS.map((s): [SessionKind] => [s]),
    ['asia_equity', 'Asia/Hong_Kong'],
  ])('%s (%s) is open as many hours in an ordinary week as sessionHoursPerWeek says', (session, zone) => {
    const weekStart = utc('2026-05-03T00:00:00Z'); // a Sunday, far from any daylight-saving change
    let minutes = 0;
    for (let t = weekStart; t < weekStart + 7 * 86_400_000; t += 60_000)
      if (isMarketOpen(session, t, zone)) minutes++;
    expect(minutes / 60).toBe(sessionHoursPerWeek(session, zone));
  });
});
