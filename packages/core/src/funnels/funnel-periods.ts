import type { FunnelPeriod } from '@ocx/contracts';

const DAY = 86_400_000;

/** A time window [start, end) in epoch milliseconds. */
export interface TimeWindow {
  start: number;
  end: number;
}

/** The length a period stands for when a comparison puts it before another one. */
const LENGTH: Record<Exclude<FunnelPeriod, 'all'>, number> = { today: DAY, week: 7 * DAY, month: 30 * DAY };

/**
 * DESIGN §7 funnel periods ending now: today = since 00:00 UTC, week = last 7 days, month = last
 * 30 days, all = everything (from the epoch). `now` itself is inside the window.
 */
export function currentWindow(period: FunnelPeriod, now: number): TimeWindow {
  const end = now + 1;
  if (period === 'all') return { start: 0, end };
  if (period === 'today') return { start: now - (now % DAY), end };
  return { start: now - LENGTH[period], end };
}

/**
 * DESIGN §7: the previous period is the window of the chosen length that ends where the current
 * one starts ('today' counts as one day, so today against today compares with yesterday; 'all'
 * is everything before).
 */
export function previousWindow(period: FunnelPeriod, currentStart: number): TimeWindow {
  if (period === 'all') return { start: 0, end: currentStart };
  return { start: Math.max(0, currentStart - LENGTH[period]), end: currentStart };
}
