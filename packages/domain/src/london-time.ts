import { type CandlePeriod, periodSeconds } from './candle-period.ts';

/**
 * Wall-clock arithmetic for candle buckets (spec §9: London time zone, daylight saving included).
 *
 * Zone offsets come from Intl (Node ships full ICU) and are cached per UTC hour: every zone the
 * platform uses (London, Berlin, New York, Tokyo, Hong Kong) changes its offset on a whole UTC hour,
 * so one lookup per hour is exact and the hot path costs a comparison or a Map read.
 */

export const LONDON = 'Europe/London';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const MAX_CACHED_HOURS = 200_000; // about 23 years of hours per zone; cleared beyond that

interface ZoneCache {
  readonly format: Intl.DateTimeFormat;
  readonly byHour: Map<number, number>;
  lastHour: number;
  lastOffsetMs: number;
}

const zones = new Map<string, ZoneCache>();

function zoneCache(zone: string): ZoneCache {
  let cache = zones.get(zone);
  if (!cache) {
    cache = {
      format: new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
      byHour: new Map(),
      lastHour: Number.NaN,
      lastOffsetMs: 0,
    };
    zones.set(zone, cache);
  }
  return cache;
}

function computeOffsetMs(format: Intl.DateTimeFormat, instantMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of format.formatToParts(instantMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wallClockAsUtc = Date.UTC(
    fields.year!,
    fields.month! - 1,
    fields.day!,
    fields.hour!,
    fields.minute!,
    fields.second!,
  );
  return wallClockAsUtc - instantMs;
}

/**
 * Cache the 24 UTC hours from `firstHour`. Offsets change at most once a day, so when the first and
 * last hour agree the whole day shares it: two Intl calls per day instead of 24.
 */
function fillDay(cache: ZoneCache, firstHour: number): void {
  const first = computeOffsetMs(cache.format, firstHour * HOUR_MS);
  const last = computeOffsetMs(cache.format, (firstHour + 23) * HOUR_MS);
  for (let h = 0; h < 24; h++) {
    const offset =
      first === last || h === 0 ? first : computeOffsetMs(cache.format, (firstHour + h) * HOUR_MS);
    cache.byHour.set(firstHour + h, offset);
  }
}

/** Offset of `zone`'s wall clock from UTC at `timeMs`, in ms (London: 0 in winter, 3 600 000 in summer). */
export function zoneOffsetMs(timeMs: number, zone: string = LONDON): number {
  const hour = Math.floor(timeMs / HOUR_MS);
  const cache = zoneCache(zone);
  if (hour === cache.lastHour) return cache.lastOffsetMs;
  let offset = cache.byHour.get(hour);
  if (offset === undefined) {
    if (cache.byHour.size >= MAX_CACHED_HOURS) cache.byHour.clear();
    fillDay(cache, Math.floor(hour / 24) * 24);
    offset = cache.byHour.get(hour)!;
  }
  cache.lastHour = hour;
  cache.lastOffsetMs = offset;
  return offset;
}

/** Start (unix ms) of the local calendar day in `zone` that contains `timeMs`. */
export function zoneDayStartMs(timeMs: number, zone: string): number {
  const localMidnight = Math.floor((timeMs + zoneOffsetMs(timeMs, zone)) / DAY_MS) * DAY_MS;
  // The offset at midnight can differ from the one at `timeMs` (the change happens later that day),
  // so re-read it at the first guess and keep the guess whose offset agrees with itself.
  const guess = localMidnight - zoneOffsetMs(timeMs, zone);
  const offsetAtGuess = zoneOffsetMs(guess, zone);
  const corrected = localMidnight - offsetAtGuess;
  return zoneOffsetMs(corrected, zone) === offsetAtGuess ? corrected : guess;
}

/** Start (unix ms) of the London day containing `timeMs`; a London day is 23, 24 or 25 hours long. */
export function londonDayStart(timeMs: number): number {
  return zoneDayStartMs(timeMs, LONDON);
}

/**
 * Start of the `period` bucket containing `timeMs`, in unix SECONDS (the candle's `time`).
 * London offsets are whole hours, so minute and hour buckets fall on the same instants in UTC and
 * in London time; only the day bucket needs the zone.
 */
export function bucketStart(timeMs: number, period: CandlePeriod): number {
  if (period === '1day') return londonDayStart(timeMs) / 1000;
  const lengthMs = periodSeconds[period] * 1000;
  return (Math.floor(timeMs / lengthMs) * lengthMs) / 1000;
}

/** Start (unix seconds) of the bucket after the one starting at `bucketStartSec`. */
export function nextBucketStart(bucketStartSec: number, period: CandlePeriod): number {
  if (period !== '1day') return bucketStartSec + periodSeconds[period];
  // 26 h after a day start always lands in the next London day (days are 23 to 25 h long).
  return londonDayStart(bucketStartSec * 1000 + 26 * HOUR_MS) / 1000;
}
