import { describe, expect, it } from 'vitest';
import { ascendingCandles } from '../src/features/trade/candles';
import { candleOfFrame } from '../src/features/trade/hooks/use-live-candle';
import { LiveCandles } from '../src/features/trade/live-candles';
import { londonDateTime, londonTickLabel, TICK } from '../src/features/trade/london-format';
import { fillLondonWeights, londonTickWeight } from '../src/features/trade/london-time-scale';

const c = (Time: number, Close = 1) => ({ Time, Open: Close, High: Close, Low: Close, Close, Volume: 1 });

describe('candle series for the chart', () => {
  it('keeps an ascending series as it is', () => {
    const s = [c(60), c(120), c(180)];
    expect(ascendingCandles(s)).toEqual(s);
  });

  it('rebuilds backwards from the forming candle, dropping duplicates and stale future buckets', () => {
    const s = [c(60), c(120), c(600), c(660), c(180, 2), c(180, 3), c(240)];
    expect(ascendingCandles(s).map((x) => [x.Time, x.Close])).toEqual([
      [60, 1],
      [120, 1],
      [180, 3],
      [240, 1],
    ]);
  });

  it('takes a KLINE frame only for the chosen period', () => {
    const frame = { symbol: 'EURUSD', Period: '5min', ...c(300, 1.1) };
    expect(candleOfFrame(frame, '5min')).toEqual(c(300, 1.1));
    expect(candleOfFrame(frame, '1min')).toBeNull();
    expect(candleOfFrame(null, '5min')).toBeNull();
  });
});

describe('live frames laid over a history answered late', () => {
  const clocked = () => {
    let t = 0;
    const tick = (ms: number) => {
      t += ms;
    };
    return { live: new LiveCandles(() => t), tick, now: () => t };
  };

  it('brings the snapshot up to date: the candle that closed while it travelled, and the next', () => {
    const { live, tick, now } = clocked();
    const askedAt = now();
    tick(100);
    live.push(c(60, 1.1));
    live.push(c(60, 1.3)); // the minute's last tick, after the server took its snapshot
    live.push(c(120, 1.4));
    // The history ends with minute 60 still forming (Close 1.1): the frames from after the ask win.
    expect(live.since(askedAt, 60).map((x) => [x.Time, x.Close])).toEqual([
      [60, 1.3],
      [120, 1.4],
    ]);
    // A history that already holds minute 120 takes only what is not older than it.
    expect(live.since(askedAt, 120).map((x) => x.Time)).toEqual([120]);
  });

  it('ignores frames from before the history was asked for (say, before a socket drop)', () => {
    const { live, tick, now } = clocked();
    live.push(c(60, 1.1));
    tick(50);
    const askedAt = now();
    expect(live.since(askedAt, 60)).toEqual([]);
    tick(10);
    live.push(c(60, 1.2));
    expect(live.since(askedAt, 60).map((x) => x.Close)).toEqual([1.2]);
  });

  it('keeps the last few candles, tells its one listener and stops when asked', () => {
    const { live } = clocked();
    const heard: number[] = [];
    const stop = live.listen((x) => heard.push(x.Time));
    for (let i = 1; i <= 20; i++) live.push(c(i * 60));
    expect(live.since(0, 0).map((x) => x.Time)).toEqual([780, 840, 900, 960, 1020, 1080, 1140, 1200]);
    stop();
    live.push(c(1260));
    expect(heard).toHaveLength(20);
  });
});

describe('chart labels in London time (spec §9)', () => {
  // 2026-07-01 12:30 UTC is 13:30 in London (BST); 2026-11-18 12:30 UTC is 12:30 (GMT).
  const summer = Date.UTC(2026, 6, 1, 12, 30) / 1000;
  const winter = Date.UTC(2026, 10, 18, 12, 30) / 1000;

  it('shows the London wall clock, daylight saving included', () => {
    expect(londonTickLabel(summer, TICK.Time, 'en-GB')).toBe('13:30');
    expect(londonTickLabel(winter, TICK.Time, 'en-GB')).toBe('12:30');
    expect(londonDateTime(summer, 'en-GB')).toContain('13:30');
  });

  it('labels day, month and year marks', () => {
    expect(londonTickLabel(winter, TICK.DayOfMonth, 'en-GB')).toBe('18 Nov');
    expect(londonTickLabel(winter, TICK.Month, 'en-GB')).toBe('Nov');
    expect(londonTickLabel(winter, TICK.Year, 'en-GB')).toBe('2026');
  });

  it('uses Western digits and the Gregorian year in every language', () => {
    for (const locale of ['fa', 'ar', 'th', 'hi']) {
      expect([locale, londonTickLabel(winter, TICK.Time, locale)]).toEqual([locale, '12:30']);
      expect([locale, londonTickLabel(winter, TICK.Year, locale)]).toEqual([
        locale,
        expect.stringContaining('2026'),
      ]);
      expect(londonDateTime(winter, locale)).toMatch(/2026/);
    }
  });
});

describe('time axis marks on London’s calendar', () => {
  const DAY = 50;
  const MONTH = 60;
  const HOUR = 30;
  const at = (iso: string) => Date.parse(iso) / 1000;
  /** Hourly bars from `fromIso`, weighed as the chart does; returns the London hours marked as a day. */
  const dayMarks = (fromIso: string, bars: number) => {
    const points = Array.from({ length: bars }, (_, i) => ({
      timeWeight: 0 as never,
      originalTime: at(fromIso) + i * 3600,
    }));
    fillLondonWeights(points, 0);
    return points
      .filter((p) => (p.timeWeight as number) >= DAY)
      .map((p) => londonDateTime(p.originalTime as number, 'en-GB'));
  };

  it('puts the 1H day mark on the bar of midnight London in summer time (23:00 UTC), not 01:00', () => {
    // 26 July: London is UTC+1. The library's own weighing marked the 00:00 UTC bar (01:00 London).
    expect(londonTickWeight(at('2026-07-26T23:00:00Z'), at('2026-07-26T22:00:00Z'))).toBe(DAY);
    expect(londonTickWeight(at('2026-07-27T00:00:00Z'), at('2026-07-26T23:00:00Z'))).toBe(HOUR);
    expect(dayMarks('2026-07-26T12:00:00Z', 30)).toEqual(['27 Jul 2026, 00:00']);
  });

  it('keeps midnight UTC in winter, when London is on UTC', () => {
    expect(londonTickWeight(at('2026-11-27T00:00:00Z'), at('2026-11-26T23:00:00Z'))).toBe(DAY);
    expect(dayMarks('2026-11-26T12:00:00Z', 30)).toEqual(['27 Nov 2026, 00:00']);
  });

  it('marks each London day of a 1D chart, months included, across both clock changes', () => {
    // 1D buckets start at London midnight: 23:00 UTC the day before in summer.
    const days = [
      '2026-03-28T00:00:00Z',
      '2026-03-29T00:00:00Z',
      '2026-03-29T23:00:00Z',
      '2026-03-30T23:00:00Z',
    ];
    expect(londonTickWeight(at(days[1]!), at(days[0]!))).toBe(DAY);
    expect(londonTickWeight(at(days[2]!), at(days[1]!))).toBe(DAY);
    expect(londonTickWeight(at('2026-03-31T23:00:00Z'), at(days[3]!))).toBe(MONTH); // 1 April
    expect(londonTickWeight(at('2026-10-26T00:00:00Z'), at('2026-10-24T23:00:00Z'))).toBe(DAY); // the 25-hour day
  });
});
