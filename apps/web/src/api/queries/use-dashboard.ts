import type { DashboardRange } from '@ocx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardApi } from '../dashboard.api';
import { queryKeys } from './query-keys';

/** Every panel for one range; 'visitors right now' stays current while the tab is open. */
export function useDashboard(websiteId: string, range: DashboardRange) {
  return useQuery({
    queryKey: queryKeys.dashboard(websiteId, range),
    queryFn: () => dashboardApi.get(websiteId, range),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
