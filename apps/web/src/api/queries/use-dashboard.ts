import type { BreakdownFilters, DashboardRange } from '@ocx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardApi } from '../dashboard.api';
import { queryKeys } from './query-keys';

/** Every panel for one range and filters; 'visitors right now' stays current while the tab is open. */
export function useDashboard(websiteId: string, range: DashboardRange, filters: BreakdownFilters = {}) {
  return useQuery({
    queryKey: queryKeys.dashboard(websiteId, range, filters),
    queryFn: () => dashboardApi.get(websiteId, range, filters),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** The previous period's cards, read after the dashboard so they never delay it; none for all time. */
export function useDashboardPrevious(
  websiteId: string,
  range: DashboardRange,
  filters: BreakdownFilters,
  enabled: boolean,
) {
  return useQuery({
    queryKey: queryKeys.dashboardPrevious(websiteId, range, filters),
    queryFn: async () => (await dashboardApi.previous(websiteId, range, filters)).previous,
    enabled: enabled && range !== 'all',
    // The previous window moves with now as slowly as the range does: a minute stale is fine.
    staleTime: 60_000,
  });
}
