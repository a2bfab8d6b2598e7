import { splitMinorUnits } from '../attribution/money';
import { DAY_MS } from '../durations';
import { wallDay } from '../time-zone/local-time';

/** A manual entry covers at most a year of days. */
export const MAX_SPREAD_DAYS = 366;

/** The plain dates from `start` to `end`, both included; null when either is not a date or end < start. */
export function daysBetween(start: string, end: string): string[] | null {
  const from = wallDay(start);
  const to = wallDay(end);
  if (from === null || to === null || to < from) return null;
  const days: string[] = [];
  for (let t = from; t <= to; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * An amount in minor units spread evenly over days: each day gets the same share, the units left
 * over go one each to the first days (largest remainder), so the days add up to the amount exactly
 * (100.00 over 3 days: 33.34, 33.33, 33.33).
 */
export function spreadEvenly(totalMinor: number, days: readonly string[]): { day: string; minor: number }[] {
  const parts = splitMinorUnits(
    totalMinor,
    days.map(() => 1),
  );
  return days.map((day, i) => ({ day, minor: parts[i] ?? 0 }));
}
