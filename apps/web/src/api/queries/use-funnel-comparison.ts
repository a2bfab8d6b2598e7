import type { FunnelPeriod } from '@ocx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { funnelsApi } from '../funnels.api';
import { queryKeys } from './query-keys';

export function useFunnelComparison(funnelId: string, current: FunnelPeriod, previous: FunnelPeriod) {
  return useQuery({
    queryKey: queryKeys.funnels.compare(funnelId, current, previous),
    queryFn: () => funnelsApi.compare(funnelId, current, previous),
    placeholderData: keepPreviousData,
  });
}
