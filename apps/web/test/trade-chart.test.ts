import { describe, expect, it } from 'vitest';
import { ascendingCandles } from '../src/features/trade/candles';
import { candleOfFrame } from '../src/features/trade/hooks/use-live-candle';
import { londonDateTime, londonTickLabel, TICK } from '../src/features/trade/london-format';

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
