import type { LogQuery } from '@ocx/contracts';
import { DAY_MS } from '@ocx/core';
import { dateTimeFormat } from '../components/intl-cache';

export type LogKind = 'clicks' | 'conversions';
export type FilterKey = 'campaign' | 'source' | 'medium' | 'goal';
/** The filters a log sends to the server; a missing key means 'All'. */
export type LogFilters = Partial<Record<FilterKey, string>>;
/** The date inputs: YYYY-MM-DD, dates in the website's time zone; an empty side is open. */
export interface DateRange {
  start: string;
  end: string;
}

/** Spec §9: the logs show the last 30 days unless told otherwise. */
const DEFAULT_RANGE_DAYS = 30;
/** Spec §9 page sizes; 10 by default. */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

const pad = (n: number) => String(n).padStart(2, '0');

/** A date input's value for the day of `date`: in `timeZone` (a website's) when given, else the browser's. */
export function toDateInput(date: Date, timeZone?: string): string {
  if (timeZone) return dateTimeFormat('en-CA', { timeZone }).format(date);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last 30 days up to today (today in the website's zone when given), as the date inputs show them. */
export function defaultRange(now = new Date(), timeZone?: string): DateRange {
  return {
    start: toDateInput(new Date(now.getTime() - DEFAULT_RANGE_DAYS * DAY_MS), timeZone),
    end: toDateInput(now, timeZone),
  };
}

function localDay(value: string, endOfDay: boolean): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  if (new Date(Date.UTC(y, m - 1, d)).getUTCDate() !== d) return null; // 30 February is no day
  return endOfDay ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d);
}

/**
 * The range as plain dates: the server reads them as whole days in the website's time zone
 * (docs/definitions.md#time-zone), from the start day's first moment to the end day's last.
 */
export function rangeQuery(range: DateRange): Pick<LogQuery, 'startDate' | 'endDate'> {
  return {
    ...(localDay(range.start, false) ? { startDate: range.start } : {}),
    ...(localDay(range.end, true) ? { endDate: range.end } : {}),
  };
}

/** Why each side of a range cannot be applied; an empty object when it can. */
export function rangeErrors(range: DateRange): { start?: string; end?: string } {
  const start = localDay(range.start, false);
  const end = localDay(range.end, true);
  const errors: { start?: string; end?: string } = {};
  // An empty date input is a question to answer, not an open range that lists nothing.
  if (!range.start) errors.start = 'Please enter a start date';
  else if (!start) errors.start = 'Please enter a valid date';
  if (!range.end) errors.end = 'Please enter an end date';
  else if (!end) errors.end = 'Please enter a valid date';
  if (start && end && start > end) errors.end = 'The end date must not be before the start date';
  return errors;
}

/** The query string of a log call; empty and undefined values are left out. */
export function logQueryString(query: LogQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** How many pages `total` rows fill; at least one, so an empty log still has page 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
