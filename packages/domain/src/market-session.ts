import { zoneOffsetMs } from './london-time.ts';

/**
 * Trading sessions (DESIGN §5). No exchange holidays: a simulated market only needs the weekly shape.
 * Forex, metals and energy keep fixed UTC hours as DESIGN §5 says (real venues follow New York 17:00).
 */
export type SessionKind =
  | 'forex' // Sunday 22:00 to Friday 22:00 UTC
  | 'crypto' // always open
  | 'metals' // like forex, with a daily break 21:00-22:00 UTC
  | 'energy' // like metals
  | 'us_equity' // 09:30-16:00 America/New_York, Mon-Fri
  | 'eu_equity' // 08:00-16:30 Europe/London, Mon-Fri (= Xetra's 09:00-17:30 Berlin, so DAX fits too)
  | 'asia_equity'; // Tokyo 09:00-11:30 and 12:30-15:30, Hong Kong 09:30-12:00 and 13:00-16:00 (by zone), Mon-Fri

export const SESSION_KINDS: readonly SessionKind[] = [
  'forex',
  'crypto',
  'metals',
  'energy',
  'us_equity',
  'eu_equity',
  'asia_equity',
];

/** Trading periods of a day as [open, close) minutes after local midnight (a lunch break between two). */
type Periods = ReadonlyArray<readonly [open: number, close: number]>;

interface EquityHours {
  zone: string;
  periods: Periods;
  /** Other periods for another exchange's zone (HK50 trades HKEX's hours, JP225 Tokyo's). */
  byZone?: Readonly<Record<string, Periods>>;
}

const at = (hour: number, minute = 0) => hour * 60 + minute;
const EQUITY_HOURS: Partial<Record<SessionKind, EquityHours>> = {
  us_equity: { zone: 'America/New_York', periods: [[at(9, 30), at(16)]] },
  eu_equity: { zone: 'Europe/London', periods: [[at(8), at(16, 30)]] },
  asia_equity: {
    // Tokyo's afternoon runs to 15:30 since November 2024; HKEX has its own hours and lunch.
    zone: 'Asia/Tokyo',
    periods: [
      [at(9), at(11, 30)],
      [at(12, 30), at(15, 30)],
    ],
    byZone: {
      'Asia/Hong_Kong': [
        [at(9, 30), at(12)],
        [at(13), at(16)],
      ],
    },
  },
};

function periodsOf(hours: EquityHours, zone: string | undefined): Periods {
  return (zone !== undefined && hours.byZone?.[zone]) || hours.periods;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const FOREX_EDGE_MINUTE = 22 * 60; // Sunday open and Friday close, UTC
const DAILY_BREAK_MINUTE = 21 * 60; // metals and energy pause 21:00-22:00 UTC

/** Day of week (0 Sunday) and minute of day of a wall-clock time expressed as ms since the epoch. */
function weekday(wallMs: number): number {
  return (Math.floor(wallMs / DAY_MS) + 4) % 7; // 1970-01-01 was a Thursday
}
function minuteOfDay(wallMs: number): number {
  return Math.floor((((wallMs % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
}

function isForexWeekOpen(timeMs: number): boolean {
  const day = weekday(timeMs);
  if (day === 6) return false;
  const minute = minuteOfDay(timeMs);
  if (day === 0) return minute >= FOREX_EDGE_MINUTE;
  if (day === 5) return minute < FOREX_EDGE_MINUTE;
  return true;
}

/**
 * Whether `session` is trading at `timeMs`. `zone` overrides the exchange zone of the equity kinds
 * (e.g. 'Asia/Hong_Kong' for HK50); the UTC kinds ignore it.
 */
export function isMarketOpen(session: SessionKind, timeMs: number, zone?: string): boolean {
  switch (session) {
    case 'crypto':
      return true;
    case 'forex':
      return isForexWeekOpen(timeMs);
    case 'metals':
    case 'energy': {
      if (!isForexWeekOpen(timeMs)) return false;
      const minute = minuteOfDay(timeMs);
      return minute < DAILY_BREAK_MINUTE || minute >= FOREX_EDGE_MINUTE;
    }
    default: {
      const hours = EQUITY_HOURS[session]!;
      const wallMs = timeMs + zoneOffsetMs(timeMs, zone ?? hours.zone);
      const day = weekday(wallMs);
      if (day === 0 || day === 6) return false;
      const minute = minuteOfDay(wallMs);
      for (const [open, close] of periodsOf(hours, zone)) if (minute >= open && minute < close) return true;
      return false;
    }
  }
}

/**
 * Trading hours in a normal week. The simulation scales annual volatility by trading time, so a stock
 * open 32.5 h a week moves as much per year as one quoted around the clock.
 */
export function sessionHoursPerWeek(session: SessionKind, zone?: string): number {
  switch (session) {
    case 'crypto':
      return 168;
    case 'forex':
      return 120;
    case 'metals':
    case 'energy':
      return 115; // five daily one-hour breaks (Monday to Friday)
    default: {
      const periods = periodsOf(EQUITY_HOURS[session]!, zone);
      return (5 * periods.reduce((sum, [open, close]) => sum + close - open, 0)) / 60;
    }
  }
}
