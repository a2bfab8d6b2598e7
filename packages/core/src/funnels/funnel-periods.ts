import type { FunnelPeriod } from '@ocx/contracts';
import { DAY_MS as DAY } from '../durations';
import { localDayStart } from '../time-zone/local-time';

/** A time window [start, end) in epoch milliseconds. */
export interface TimeWindow {
  start: number;
  end: number;
}

/** The length a period stands for when a comparison puts it before another one. */
const LENGTH: Record<Exclude<FunnelPeriod, 'all'>, number> = { today: DAY, week: 7 * DAY, month: 30 * DAY };

/**
 * docs/definitions.md#funnels funnel periods ending now: today = since local midnight in the website's zone, week =
 * last 7 days, month = last 30 days, all = everything (from the epoch). `now` itself is inside.
 */
export function currentWindow(period: FunnelPeriod, now: number, timeZone = 'UTC'): TimeWindow {
  const end = now + 1;
  if (period === 'all') return { start: 0, end };
  if (period === 'today') return { start: localDayStart(timeZone, now), end };
  return { start: now - LENGTH[period], end };
}

/**
 * docs/definitions.md#funnels: the previous period is the window of the chosen length that ends where the current
 * one starts ('today' counts as one day, so today against today compares with yesterday — the
 * whole local day, 23 or 25 hours on a DST change; 'all' is everything before).
 */
export function previousWindow(period: FunnelPeriod, currentStart: number, timeZone = 'UTC'): TimeWindow {
  if (period === 'all') return { start: 0, end: currentStart };
  if (period === 'today' && localDayStart(timeZone, currentStart) === currentStart)
    return { start: localDayStart(timeZone, currentStart - 1), end: currentStart };
  return { start: Math.max(0, currentStart - LENGTH[period]), end: currentStart };
}
