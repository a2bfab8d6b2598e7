import { useQuery } from '@tanstack/react-query';
import { websitesApi } from '../../api/websites.api';

export const recentEventsKey = (websiteId: string) => ['recent-events', websiteId] as const;

/** The website's latest events, re-read every 2 seconds while the screen is open. */
export function useRecentEvents(websiteId: string) {
  return useQuery({
    queryKey: recentEventsKey(websiteId),
    queryFn: () => websitesApi.recentEvents(websiteId, 50),
    refetchInterval: 2000,
    refetchIntervalInBackground: false,
  });
}
