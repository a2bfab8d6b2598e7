import type { Dashboard, DashboardPrevious, DashboardRange } from '@ocx/contracts';
import { api } from './client';

/** DESIGN §10: every dashboard panel in one request. */
export const dashboardApi = {
  get: (websiteId: string, range: DashboardRange) =>
    api<Dashboard>('GET', `/api/analytics/dashboard?${new URLSearchParams({ websiteId, range }).toString()}`),
  /** The cards' figures for the period before the range (null for all time). */
  previous: (websiteId: string, range: DashboardRange) =>
    api<{ previous: DashboardPrevious | null }>(
      'GET',
      `/api/analytics/dashboard/previous?${new URLSearchParams({ websiteId, range }).toString()}`,
    ),
};
