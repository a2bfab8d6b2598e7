import { useQuery } from '@tanstack/react-query';
import { websitesApi } from '../websites.api';
import { queryKeys } from './query-keys';

/** The website's latest events, re-read every 2 seconds while the screen is open. */
export function useRecentEvents(websiteId: string) {
  return useQuery({
    queryKey: queryKeys.recentEvents(websiteId),
    queryFn: () => websitesApi.recentEvents(websiteId, 50),
    refetchInterval: 2000,
    refetchIntervalInBackground: false,
  });
}
