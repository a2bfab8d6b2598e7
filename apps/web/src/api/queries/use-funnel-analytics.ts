import type { FunnelPeriod } from '@ocx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { funnelsApi } from '../funnels.api';
import { queryKeys } from './query-keys';

export function useFunnelAnalytics(funnelId: string, period: FunnelPeriod) {
  return useQuery({
    queryKey: queryKeys.funnels.analytics(funnelId, period),
    queryFn: () => funnelsApi.analytics(funnelId, period),
    placeholderData: keepPreviousData,
  });
}
