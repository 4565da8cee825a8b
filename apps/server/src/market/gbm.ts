import { sessionHoursPerWeek } from '@meridian/domain';
import type { InstrumentSeed } from './types.ts';

/**
 * The one price process shared by the live feed and the history back-fill, so a chart's history and
 * its live candles move alike: driftless geometric Brownian motion in trading time,
 *   S(t+dt) = S(t) · exp(−σ²dt/2 + σ·√dt·Z),
 * with σ the annual volatility spread over the instrument's trading hours (a stock open 32.5 h a week
 * moves as much per year as a coin quoted around the clock). Time while the market is closed does not
 * move the price: the market reopens where it closed.
 */

const WEEKS_PER_YEAR = 365.25 / 7;
const HOUR_MS = 3_600_000;

/** Variance of the log price per millisecond of trading time. */
export function variancePerMs(
  seed: Pick<InstrumentSeed, 'annualVolatility' | 'session' | 'sessionZone'>,
): number {
  const tradingMsPerYear = sessionHoursPerWeek(seed.session, seed.sessionZone) * WEEKS_PER_YEAR * HOUR_MS;
  return (seed.annualVolatility * seed.annualVolatility) / tradingMsPerYear;
}

/** Log-price increment over `dtMs` of trading time for the standard normal draw `z`. */
export function logStep(variance: number, dtMs: number, z: number): number {
  const v = variance * dtMs;
  return -0.5 * v + Math.sqrt(v) * z;
}

/** 10^precision, the number of price points in one unit of price. */
export function pointScale(precision: number): number {
  return 10 ** precision;
}

/**
 * `value` rounded to `scale` (= 10^precision). Dividing an integer by an exact power of ten gives the
 * double nearest the decimal, so the result prints without float artefacts (1.08512, not 1.0851200001).
 */
export function roundToScale(value: number, scale: number): number {
  return Math.round(value * scale) / scale;
}
