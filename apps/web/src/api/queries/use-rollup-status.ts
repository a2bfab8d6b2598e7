import type { Website } from '@ocx/contracts';
import { useQuery } from '@tanstack/react-query';
import { websitesApi } from '../websites.api';
import { queryKeys } from './query-keys';

/**
 * The rebuild of the daily figures after a time-zone change: read when the screen opens and when the
 * saved zone changes, re-read every second while it runs.
 */
export function useRollupStatus(website: Website) {
  return useQuery({
    queryKey: queryKeys.rollupStatus(website.id, website.timezone),
    queryFn: () => websitesApi.rollupStatus(website.id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.rebuilding ? 1000 : false),
  });
}
