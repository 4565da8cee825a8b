import { londonFormat } from '@meridian/i18n';
import {
  defaultHorzScaleBehavior,
  type IHorzScaleBehavior,
  type TickMarkWeightValue,
  type Time,
} from 'lightweight-charts';

/**
 * The chart's time axis with its day, month and year marks on London's calendar (DESIGN §5: candles
 * are bucketed in Europe/London). lightweight-charts weighs each bar by what changed since the
 * previous one in UTC, so in summer time (UTC+1) it put the day mark on the 01:00 London bar and
 * labelled it with the date. Here the same weighing runs on London wall-clock time; the labels
 * themselves come from `londonTickLabel`.
 */

/** lightweight-charts' `TickMarkWeight` values (the enum is not exported). */
const WEIGHT = { Year: 70, Month: 60, Day: 50, LessThanSecond: 0 } as const;
const INTRADAY: ReadonlyArray<readonly [divisorSec: number, weight: number]> = [
  [1, 10],
  [60, 20],
  [300, 21],
  [1_800, 22],
  [3_600, 30],
  [10_800, 31],
  [21_600, 32],
  [43_200, 33],
];

const wallClock = londonFormat('en-GB', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});
const offsetByQuarterHour = new Map<number, number>();

/** Seconds London's clock is ahead of UTC at `timeSec` (0 or 3600); constant within a quarter hour. */
function londonOffsetSec(timeSec: number): number {
  const quarter = Math.floor(timeSec / 900);
  let offset = offsetByQuarterHour.get(quarter);
  if (offset === undefined) {
    const at = quarter * 900;
    const part = (type: string) =>
      Number(wallClock.formatToParts(at * 1000).find((p) => p.type === type)?.value);
    const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) / 1000;
    offset = wall - at;
    offsetByQuarterHour.set(quarter, offset);
  }
  return offset;
}

/** London wall-clock time of `timeSec` written as if it were UTC (only for comparing calendar parts). */
const londonWall = (timeSec: number) => timeSec + londonOffsetSec(timeSec);

/** The weight lightweight-charts would give a bar at `currentSec` after one at `previousSec`, in London. */
export function londonTickWeight(currentSec: number, previousSec: number): number {
  const now = londonWall(currentSec);
  const before = londonWall(previousSec);
  const a = new Date(now * 1000);
  const b = new Date(before * 1000);
  if (a.getUTCFullYear() !== b.getUTCFullYear()) return WEIGHT.Year;
  if (a.getUTCMonth() !== b.getUTCMonth()) return WEIGHT.Month;
  if (a.getUTCDate() !== b.getUTCDate()) return WEIGHT.Day;
  for (let i = INTRADAY.length - 1; i >= 0; i--) {
    const [divisor, weight] = INTRADAY[i]!;
    if (Math.floor(now / divisor) !== Math.floor(before / divisor)) return weight;
  }
  return WEIGHT.LessThanSecond;
}

type Point = { timeWeight: TickMarkWeightValue; readonly originalTime: unknown };

/** As the library's own: each point against the one before; the first against an average step back. */
export function fillLondonWeights(points: readonly Point[], startIndex: number): void {
  if (points.length === 0) return;
  const timeOf = (i: number) => Number(points[i]!.originalTime);
  for (let i = Math.max(startIndex, 1); i < points.length; i++) {
    points[i]!.timeWeight = londonTickWeight(timeOf(i), timeOf(i - 1)) as TickMarkWeightValue;
  }
  if (startIndex === 0 && points.length > 1) {
    const averageStep = Math.ceil((timeOf(points.length - 1) - timeOf(0)) / (points.length - 1));
    points[0]!.timeWeight = londonTickWeight(timeOf(0), timeOf(0) - averageStep) as TickMarkWeightValue;
  }
}

/** The default time scale with London's calendar for its marks (pass to `createChartEx`). */
export class LondonTimeScale extends defaultHorzScaleBehavior() {
  override fillWeightsForPoints(
    ...[points, startIndex]: Parameters<IHorzScaleBehavior<Time>['fillWeightsForPoints']>
  ): void {
    fillLondonWeights(points, startIndex);
  }
}
