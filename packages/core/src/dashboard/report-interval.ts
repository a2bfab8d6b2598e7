import { DAY_MS, HOUR_MS } from '../durations';
import { dayStartOfWall, localDayStarts, localHourStarts, wallDayOf } from '../time-zone/local-time';
import { monthStart, type ReportPeriod } from './report-period';

/** docs/definitions.md#calendar-ranges-and-comparison: the chart's buckets, local to the website. */
export const reportIntervals = ['hour', 'day', 'week', 'month'] as const;
export type ReportInterval = (typeof reportIntervals)[number];

/** Two local days, one of them 25 hours long on a fall-back change. */
const HOURLY_LIMIT_MS = 2 * DAY_MS + HOUR_MS;
/** A chart of days stays readable and cheap to draw up to about three years. */
const DAILY_LIMIT_MS = 1_100 * DAY_MS;
/** Up to a quarter a chart shows days by default; longer periods show months. */
const DAILY_DEFAULT_MS = 92 * DAY_MS + HOUR_MS;

/** The intervals a period can be drawn in. */
export function intervalsFor(period: ReportPeriod): ReportInterval[] {
  const length = period.to - period.from;
  return reportIntervals.filter(
    (i) => (i !== 'hour' || length <= HOURLY_LIMIT_MS) && (i !== 'day' || length <= DAILY_LIMIT_MS),
  );
}

/** The interval a period is drawn in unless the reader picks another. */
export function defaultInterval(period: ReportPeriod): ReportInterval {
  const length = period.to - period.from;
  if (length <= HOURLY_LIMIT_MS) return 'hour';
  return length <= DAILY_DEFAULT_MS ? 'day' : 'month';
}

/**
 * The instants the period's buckets start at: local hours (23 or 25 on a DST day), local days, ISO
 * weeks (Monday) or calendar months. The first bucket holds `from`; a period of all time must be
 * given its first event as `from` first.
 */
export function bucketStarts(timeZone: string, period: ReportPeriod, interval: ReportInterval): number[] {
  const { from, to } = period;
  const last = to - 1;
  if (interval === 'hour') return localHourStarts(timeZone, from, last);
  if (interval === 'day') return localDayStarts(timeZone, from, last);
  const firstDay = wallDayOf(timeZone, from);
  const starts: number[] = [];
  if (interval === 'week') {
    const monday = firstDay - ((new Date(firstDay).getUTCDay() + 6) % 7) * DAY_MS;
    for (let wall = monday; ; wall += 7 * DAY_MS) {
      const start = dayStartOfWall(timeZone, wall);
      if (start > last) break;
      starts.push(start);
    }
    return starts;
  }
  for (let m = 0; ; m++) {
    const start = dayStartOfWall(timeZone, monthStart(firstDay, m));
    if (start > last) break;
    starts.push(start);
  }
  return starts;
}

/**
 * A comparison series beside the current one, bucket i beside bucket i (docs/definitions.md); a
 * bucket either side lacks counts 0, and the comparison never has more buckets than the range.
 */
export function alignComparison(current: readonly number[], comparison: readonly number[]): number[] {
  return current.map((_, i) => comparison[i] ?? 0);
}
