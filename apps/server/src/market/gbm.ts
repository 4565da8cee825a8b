import { isMarketOpen, type SessionKind, sessionHoursPerWeek } from '@meridian/domain';
import type { InstrumentSeed } from './types.ts';

/**
 * The one price process shared by the live feed and the history back-fill, so a chart's history and
 * its live candles move alike: driftless geometric Brownian motion in trading time,
 *   S(t+dt) = S(t) · exp(−σ²dt/2 + σ·√dt·Z),
 * with σ the annual volatility spread over the instrument's trading hours (a stock open 32.5 h a week
 * moves as much per year as a coin quoted around the clock). While the market is closed news still
 * arrives, so it reopens with a gap: one step whose variance is GAP_VARIANCE_SHARE of what the closed
 * time would carry in trading time (EURUSD after a weekend ~0.2 % typical, a stock overnight ~1 %),
 * as real markets open away from where they closed.
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

/** Share of the closed time's variance that a session's opening gap carries. */
export const GAP_VARIANCE_SHARE = 0.1;

const BLOCK_MS = 30 * 60_000;
/** Longer pauses count as this much closed time (a server down for weeks: one ordinary gap). */
const MAX_GAP_COUNTED_MS = 7 * 86_400_000;

/**
 * Milliseconds in [fromMs, toMs) during which `session` was closed, to MAX_GAP_COUNTED_MS. Sessions
 * open and close on the hour or half hour (in every zone, daylight saving included), so the state at
 * the start of each half hour holds for all of it; the partial blocks at both ends are counted by
 * their start's state too.
 */
export function closedMsBetween(
  session: SessionKind,
  zone: string | undefined,
  fromMs: number,
  toMs: number,
) {
  if (!(toMs > fromMs) || session === 'crypto') return 0;
  let closed = 0;
  let t = fromMs;
  while (t < toMs && closed < MAX_GAP_COUNTED_MS) {
    const end = Math.min(toMs, (Math.floor(t / BLOCK_MS) + 1) * BLOCK_MS);
    if (!isMarketOpen(session, t, zone)) closed += end - t;
    t = end;
  }
  return Math.min(closed, MAX_GAP_COUNTED_MS);
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
