import { describe, expect, it } from 'vitest';
import { decimalAtLeast, formatPrice, percentChange, roundPrice } from '../src/display.ts';

describe('display', () => {
  it('rounds prices to precision without float artefacts', () => {
    expect(roundPrice(1.005, 2)).toBe(1.01);
    expect(roundPrice(1.085125, 5)).toBe(1.08513);
    expect(formatPrice(151.2, 3)).toBe('151.200');
    expect(formatPrice(67000, 0)).toBe('67000');
    // Numbers JavaScript writes in exponent form (below 1e-6) round too (they gave NaN).
    expect(roundPrice(9.1e-7, 8)).toBe(9.1e-7);
    expect(formatPrice(9.1e-7, 8)).toBe('0.00000091');
    expect(formatPrice(1.23456789e-7, 8)).toBe('0.00000012');
    expect(roundPrice(1.5e21, 2)).toBe(1.5e21);
  });

  it('shows a stored price with at least the precision, never cutting a finer one', () => {
    expect(decimalAtLeast('1.1', 5)).toBe('1.10000');
    expect(decimalAtLeast('1.0851200000', 5)).toBe('1.08512');
    expect(decimalAtLeast('67000', 0)).toBe('67000');
    expect(decimalAtLeast('67000.5', 0)).toBe('67000.5');
    expect(decimalAtLeast('1.085125', 5)).toBe('1.085125');
    expect(decimalAtLeast('0', 3)).toBe('0.000');
    expect(decimalAtLeast('-0.3495090000', 2)).toBe('-0.349509');
    expect(decimalAtLeast('250.5', 2)).toBe('250.50');
  });

  it('computes percent change from the day open', () => {
    expect(percentChange(100, 101)).toBe(1);
    expect(percentChange(1.08, 1.0746)).toBe(-0.5);
    expect(percentChange(0, 5)).toBe(0);
  });
});
