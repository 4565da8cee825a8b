import { londonTimeText } from '@meridian/i18n';
import { describe, expect, it } from 'vitest';
import { timeText as orderTime } from '../src/features/orders/format';
import { timeText as walletTime } from '../src/features/wallet/format';

describe('times on screen are London time, whatever the device zone', () => {
  it('formats an ISO instant in London wall clock, summer time included', () => {
    expect(londonTimeText('2026-11-27T08:17:09.000Z')).toBe('2026-11-27 08:17:09'); // GMT
    expect(londonTimeText('2026-07-01T12:00:00.000Z')).toBe('2026-07-01 13:00:00'); // BST
    expect(londonTimeText('2026-03-29T00:59:59.000Z')).toBe('2026-03-29 00:59:59'); // last second of GMT
    expect(londonTimeText('2026-03-29T01:00:00.000Z')).toBe('2026-03-29 02:00:00'); // first of BST
    expect(londonTimeText('2026-12-31T23:59:59.000Z')).toBe('2026-12-31 23:59:59');
  });

  it('passes the server London text through, and shows -- for nothing', () => {
    expect(londonTimeText('2026-11-27 08:17:09')).toBe('2026-11-27 08:17:09');
    expect(londonTimeText('')).toBe('--');
    expect(londonTimeText(null)).toBe('--');
    expect(londonTimeText('garbageT')).toBe('garbageT');
  });

  it('is what the order detail and the wallet records show, so they agree with account history', () => {
    const iso = '2026-11-27T08:17:16.000Z';
    expect(orderTime(iso)).toBe('2026-11-27 08:17:16');
    expect(walletTime(iso)).toBe(orderTime(iso));
  });
});
