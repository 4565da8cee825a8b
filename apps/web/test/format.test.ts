import { describe, expect, it } from 'vitest';
import { sparklinePaths } from '../src/features/market/components/sparkline';
import { formatChange, formatPrice, groupDecimal, trendOf } from '../src/lib/format';

describe('display formatting', () => {
  it('groups decimal strings without float arithmetic', () => {
    expect(groupDecimal('100000.00')).toBe('100,000.00');
    expect(groupDecimal('-1234567.89')).toBe('-1,234,567.89');
    expect(groupDecimal('12.30')).toBe('12.30');
    expect(groupDecimal('90071992547409931.01')).toBe('90,071,992,547,409,931.01');
  });

  it('formats prices at the precision and signed changes', () => {
    expect(formatPrice(1.0851, 5)).toBe('1.08510');
    expect(formatPrice(2345.5, 2)).toBe('2345.50');
    expect(formatChange(0.531)).toBe('+0.53%');
    expect(formatChange(-1.2)).toBe('-1.20%');
    expect(formatChange(0.001)).toBe('0.00%');
    expect(trendOf(0.2)).toBe('up');
    expect(trendOf(-0.2)).toBe('down');
    expect(trendOf(0)).toBe('flat');
  });

  it('builds a closed sparkline area path', () => {
    expect(sparklinePaths([1])).toBeNull();
    const p = sparklinePaths([1, 2, 3])!;
    expect(p.line.startsWith('M0.0,')).toBe(true);
    expect(p.area.endsWith('Z')).toBe(true);
  });
});
