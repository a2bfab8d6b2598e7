import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BreakdownParams, BreakdownSource } from '../breakdown.api';

/** One dimension's rows for the dashboard's range and filters; `enabled` false asks nothing. */
export function useBreakdown(source: BreakdownSource, params: BreakdownParams, { enabled = true } = {}) {
  return useQuery({
    queryKey: [...source.key, params],
    queryFn: () => source.get(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
