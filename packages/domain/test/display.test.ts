import { describe, expect, it } from 'vitest';
import { formatPrice, percentChange, roundPrice } from '../src/display.ts';

describe('display', () => {
  it('rounds prices to precision without float artefacts', () => {
    expect(roundPrice(1.005, 2)).toBe(1.01);
    expect(roundPrice(1.085125, 5)).toBe(1.08513);
    expect(formatPrice(151.2, 3)).toBe('151.200');
    expect(formatPrice(67000, 0)).toBe('67000');
  });

  it('computes percent change from the day open', () => {
    expect(percentChange(100, 101)).toBe(1);
    expect(percentChange(1.08, 1.0746)).toBe(-0.5);
    expect(percentChange(0, 5)).toBe(0);
  });
});
