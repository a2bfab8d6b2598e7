import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type BreakdownParams, breakdownApi } from '../breakdown.api';
import { queryKeys } from './query-keys';

/** One dimension's rows for the dashboard's range and filters; `enabled` false asks nothing. */
export function useBreakdown(websiteId: string, params: BreakdownParams, { enabled = true } = {}) {
  return useQuery({
    queryKey: queryKeys.breakdown.rows(websiteId, params),
    queryFn: () => breakdownApi.get(websiteId, params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
