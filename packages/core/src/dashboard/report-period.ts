import { DAY_MS } from '../durations';
import { dayStartOfWall, wallDay, wallDayOf } from '../time-zone/local-time';
import { wallTime, zoneOffset } from '../time-zone/zone-offset';
import { type DashboardRangeKey, rangeStart } from './dashboard-figures';

/**
 * docs/definitions.md#calendar-ranges-and-comparison: the period a report covers, in the website's
 * time zone, and the period it is compared with. Pure: `now` and the zone come from the caller.
 */

/** Calendar ranges: whole local days; those that hold today end with today. */
export const calendarRangeKeys = [
  'today',
  'yesterday',
  'thisMonth',
  'lastMonth',
  'thisYear',
  '12mo',
] as const;
export type CalendarRangeKey = (typeof calendarRangeKeys)[number];
export type ReportRangeKey = DashboardRangeKey | CalendarRangeKey | 'custom';
export type CompareMode = 'previous' | 'year' | 'custom';

/** Instants [from, to) and, for whole local days, the first and last date (YYYY-MM-DD, both included). */
export interface ReportPeriod {
  from: number;
  to: number;
  days: { first: string; last: string } | null;
}

export interface PeriodRefusal {
  field: 'from' | 'to' | 'compareFrom' | 'compareTo';
  message: string;
}

const dateOf = (wall: number) => new Date(wall).toISOString().slice(0, 10);
/** The wall key of the first day of the month `months` after the one holding `wall`. */
export const monthStart = (wall: number, months: number) => {
  const d = new Date(wall);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
};

/** The same wall time one year earlier; 29 February becomes 28 February. */
export function yearBefore(wall: number): number {
  const d = new Date(wall);
  const day = Math.min(
    d.getUTCDate(),
    new Date(Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth() + 1, 0)).getUTCDate(),
  );
  return Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), day) + (wall % DAY_MS);
}

/** The local days firstWall … lastWall (wall keys, wallDay), both included, as a period. */
export function periodOfDays(timeZone: string, firstWall: number, lastWall: number): ReportPeriod {
  return {
    from: dayStartOfWall(timeZone, firstWall),
    to: dayStartOfWall(timeZone, lastWall + DAY_MS),
    days: { first: dateOf(firstWall), last: dateOf(lastWall) },
  };
}

function calendarDays(range: CalendarRangeKey, today: number): [number, number] {
  switch (range) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [today - DAY_MS, today - DAY_MS];
    case 'thisMonth':
      return [monthStart(today, 0), today];
    case 'lastMonth':
      return [monthStart(today, -1), monthStart(today, 0) - DAY_MS];
    case 'thisYear':
      return [Date.UTC(new Date(today).getUTCFullYear(), 0, 1), today];
    case '12mo':
      return [monthStart(today, -12), today];
  }
}

/** Two plain dates as wall keys, or which of them is wrong. */
export function datePair(
  first: string | undefined,
  last: string | undefined,
  fields: ['from', 'to'] | ['compareFrom', 'compareTo'],
): [number, number] | PeriodRefusal {
  const [fromField, toField] = fields;
  const a = first === undefined ? null : wallDay(first);
  if (a === null) return { field: fromField, message: `${fromField} must be a date (YYYY-MM-DD)` };
  const b = last === undefined ? null : wallDay(last);
  if (b === null) return { field: toField, message: `${toField} must be a date (YYYY-MM-DD)` };
  if (b < a) return { field: toField, message: `${toField} must not be before ${fromField}` };
  return [a, b];
}

/** The period of a range key in the zone at `now`; a custom range needs `from` and `to`. */
export function resolvePeriod(
  query: { range: ReportRangeKey; from?: string; to?: string },
  timeZone: string,
  now: number,
): ReportPeriod | PeriodRefusal {
  const { range } = query;
  if (range === 'custom') {
    const days = datePair(query.from, query.to, ['from', 'to']);
    return Array.isArray(days) ? periodOfDays(timeZone, ...days) : days;
  }
  if ((calendarRangeKeys as readonly string[]).includes(range)) {
    return periodOfDays(timeZone, ...calendarDays(range as CalendarRangeKey, wallDayOf(timeZone, now)));
  }
  // Rolling windows end now; all time starts at the epoch (the stores read from their first event).
  return { from: rangeStart(range as DashboardRangeKey, now) ?? 0, to: now, days: null };
}

/** The instant one local year before t (the same wall time, 29 February as the 28th). */
function instantYearBefore(timeZone: string, t: number): number {
  const wall = yearBefore(wallTime(timeZone, t));
  return wall - zoneOffset(timeZone, wall - zoneOffset(timeZone, t));
}

/**
 * The period a report is compared with: as long as the range and ending where it starts
 * (`previous`; whole days for calendar ranges), the same dates a year earlier (`year`), or the
 * dates given (`custom`). All time has no previous period: null.
 */
export function comparisonPeriod(
  period: ReportPeriod,
  compare: { mode: CompareMode; from?: string; to?: string },
  timeZone: string,
): ReportPeriod | PeriodRefusal | null {
  if (compare.mode === 'custom') {
    const days = datePair(compare.from, compare.to, ['compareFrom', 'compareTo']);
    return Array.isArray(days) ? periodOfDays(timeZone, ...days) : days;
  }
  const days = period.days && ([wallDay(period.days.first), wallDay(period.days.last)] as [number, number]);
  if (compare.mode === 'year') {
    if (days) return periodOfDays(timeZone, yearBefore(days[0]), yearBefore(days[1]));
    if (period.from === 0) return null;
    return {
      from: instantYearBefore(timeZone, period.from),
      to: instantYearBefore(timeZone, period.to),
      days: null,
    };
  }
  if (days) {
    const length = days[1] - days[0] + DAY_MS;
    return periodOfDays(timeZone, days[0] - length, days[0] - DAY_MS);
  }
  if (period.from === 0) return null;
  return { from: period.from - (period.to - period.from), to: period.from, days: null };
}
