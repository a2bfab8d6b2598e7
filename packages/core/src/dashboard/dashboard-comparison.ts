import type { DashboardPrevious } from '@ocx/contracts';
import { conversionRate, type DashboardRangeKey, rangeStart } from './dashboard-figures';

/**
 * docs/definitions.md#dashboard-figures: a comparison's previous period is the window of the chosen length that ends where the
 * current one starts. All time has none.
 */
export function previousRangeWindow(
  range: DashboardRangeKey,
  now: number,
): { from: number; to: number } | null {
  const from = rangeStart(range, now);
  if (from === null) return null;
  return { from: from - (now - from), to: from };
}

/** What the store counted in the previous window. */
export interface PeriodTotals {
  pageviews: number;
  visitors: number;
  paths: number;
  conversions: number;
  /** Visitors of the window who completed any goal in it. */
  convertedVisitors: number;
}

export function buildPrevious(window: { from: number; to: number }, totals: PeriodTotals): DashboardPrevious {
  return {
    startDate: new Date(window.from).toISOString(),
    endDate: new Date(window.to).toISOString(),
    totalClicks: totals.pageviews,
    uniqueVisitors: totals.visitors,
    pagesVisited: totals.paths,
    conversions: totals.conversions,
    convertedVisitors: totals.convertedVisitors,
    conversionRate: conversionRate(totals.convertedVisitors, totals.visitors),
  };
}

/**
 * The change from the previous period as a fraction (0.25 = +25 %); null when the previous period
 * had none, where a percentage would be infinite.
 */
export function periodChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / previous;
}
