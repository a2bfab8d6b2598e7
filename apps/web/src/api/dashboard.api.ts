import type { Dashboard, DashboardRange } from '@ocx/contracts';
import { api } from './client';

/** DESIGN §10: every dashboard panel in one request. */
export const dashboardApi = {
  get: (websiteId: string, range: DashboardRange) =>
    api<Dashboard>('GET', `/api/analytics/dashboard?${new URLSearchParams({ websiteId, range }).toString()}`),
};
