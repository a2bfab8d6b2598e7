import { type BreakdownFilters, breakdownFilterKeys } from '@ocx/contracts';

/** The dashboard filters an address carries (`?country=DE&page=/pricing`), without empty ones. */
export function filtersInParams(params: URLSearchParams): BreakdownFilters {
  const found: BreakdownFilters = {};
  for (const key of breakdownFilterKeys) {
    const value = params.get(key);
    if (value) found[key] = value;
  }
  return found;
}

/** The ranges the dashboard's switch offers (spec §2: 7 Days by default, 30 Days, All Time). */
const DASHBOARD_RANGES = ['7d', '30d', 'all'] as const;
export type DashboardRangeParam = (typeof DASHBOARD_RANGES)[number];
export const DEFAULT_DASHBOARD_RANGE: DashboardRangeParam = '7d';

/** The range an address asks the dashboard for (`?range=30d`); anything else is the default. */
export function rangeInParams(params: URLSearchParams): DashboardRangeParam {
  const value = params.get('range');
  return DASHBOARD_RANGES.find((r) => r === value) ?? DEFAULT_DASHBOARD_RANGE;
}
