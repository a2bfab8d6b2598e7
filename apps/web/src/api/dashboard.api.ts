import type { BreakdownFilters, Dashboard, DashboardPrevious, DashboardRange } from '@ocx/contracts';
import { api } from './client';

const query = (websiteId: string, range: DashboardRange, filters: BreakdownFilters) =>
  new URLSearchParams({ websiteId, range, ...filters }).toString();

/** docs/definitions.md#dashboard-figures: every dashboard panel in one request, under the dashboard's filters. */
export const dashboardApi = {
  get: (websiteId: string, range: DashboardRange, filters: BreakdownFilters = {}) =>
    api<Dashboard>('GET', `/api/analytics/dashboard?${query(websiteId, range, filters)}`),
  /** The cards' figures for the period before the range (null for all time). */
  previous: (websiteId: string, range: DashboardRange, filters: BreakdownFilters = {}) =>
    api<{ previous: DashboardPrevious | null }>(
      'GET',
      `/api/analytics/dashboard/previous?${query(websiteId, range, filters)}`,
    ),
};
