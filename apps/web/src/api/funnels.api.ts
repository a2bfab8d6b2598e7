import type {
  Funnel,
  FunnelAnalytics,
  FunnelComparison,
  FunnelPeriod,
  FunnelUpdate,
  NewFunnel,
} from '@ocx/contracts';
import { api } from './client';

const id = encodeURIComponent;

/** Spec §7 funnel calls. */
export const funnelsApi = {
  list: (websiteId: string) => api<Funnel[]>('GET', `/api/funnels?website_id=${id(websiteId)}`),
  get: (funnelId: string) => api<Funnel>('GET', `/api/funnels/${id(funnelId)}`),
  create: (input: NewFunnel) => api<Funnel>('POST', '/api/funnels', input),
  update: (funnelId: string, input: FunnelUpdate) =>
    api<Funnel>('PUT', `/api/funnels/${id(funnelId)}`, input),
  remove: (funnelId: string) => api<void>('DELETE', `/api/funnels/${id(funnelId)}`),
  analytics: (funnelId: string, timeRange: FunnelPeriod) =>
    api<FunnelAnalytics>('GET', `/api/funnels/analytics/${id(funnelId)}?timeRange=${timeRange}`),
  compare: (funnelId: string, currentPeriod: FunnelPeriod, previousPeriod: FunnelPeriod) =>
    api<FunnelComparison>(
      'GET',
      `/api/funnels/analytics/compare?funnelId=${id(funnelId)}&currentPeriod=${currentPeriod}&previousPeriod=${previousPeriod}`,
    ),
};
