import type { DashboardRange } from '@ocx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardApi } from '../../api/dashboard.api';

export const dashboardKey = (websiteId: string) => ['dashboard', websiteId] as const;

/** Every panel for one range; 'visitors right now' stays current while the tab is open. */
export function useDashboard(websiteId: string, range: DashboardRange) {
  return useQuery({
    queryKey: [...dashboardKey(websiteId), range] as const,
    queryFn: () => dashboardApi.get(websiteId, range),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
