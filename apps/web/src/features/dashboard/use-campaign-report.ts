import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { integrationsApi } from '../../api/integrations.api';
import { rangeFor } from '../analytics/attribution-comparison';
import type { DashboardRangeOption } from './dashboard-format';

/** The attribution report over the dashboard's range (every model; the panel shows one). */
export function useCampaignReport(websiteId: string, range: DashboardRangeOption) {
  return useQuery({
    queryKey: ['attribution-report', websiteId, range] as const,
    queryFn: () => integrationsApi.attributionReport(websiteId, rangeFor(range, Date.now())),
    placeholderData: keepPreviousData,
  });
}
