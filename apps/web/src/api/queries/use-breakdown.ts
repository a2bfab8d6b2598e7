import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BreakdownParams, BreakdownSource } from '../breakdown.api';

/**
 * Rows a dashboard panel shows: the breakdown panels' tabs and the Top Referrers and Traffic Source
 * Distribution panels ask for the same rows with the same key, so they read one answer.
 */
export const PANEL_ROWS = 10;

/** One dimension's rows for the dashboard's range and filters; `enabled` false asks nothing. */
export function useBreakdown(source: BreakdownSource, params: BreakdownParams, { enabled = true } = {}) {
  return useQuery({
    queryKey: [...source.key, params],
    queryFn: () => source.get(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
