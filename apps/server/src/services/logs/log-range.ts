import type { LogQuery } from '@ocx/contracts';
import { DAY_MS, localDateEnd, localDateStart } from '@ocx/core';

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A report's range [from, to] (inclusive, epoch ms) from startDate / endDate (docs/definitions.md#time-zone):
 * an ISO instant means that instant; a plain date (YYYY-MM-DD) is that whole local day in the
 * website's zone. Default: the last 30 days. NaN when a date does not parse.
 */
export function logRange(
  q: Pick<LogQuery, 'startDate' | 'endDate'>,
  timeZone: string,
  now = Date.now(),
): { from: number; to: number } {
  const end = q.endDate;
  const start = q.startDate;
  const to = !end
    ? now
    : PLAIN_DATE.test(end)
      ? (localDateEnd(timeZone, end) ?? Number.NaN) - 1
      : Date.parse(end);
  const from = !start
    ? to - 30 * DAY_MS
    : PLAIN_DATE.test(start)
      ? (localDateStart(timeZone, start) ?? Number.NaN)
      : Date.parse(start);
  return { from, to };
}

/**
 * The zone plain dates mean for a set of websites: theirs when they share one (a single website
 * always), else UTC — the logs over all of a user's websites may span zones.
 */
export function sharedZone(websites: readonly { timezone: string }[]): string {
  const zones = new Set(websites.map((w) => w.timezone));
  return zones.size === 1 ? ([...zones][0] as string) : 'UTC';
}
