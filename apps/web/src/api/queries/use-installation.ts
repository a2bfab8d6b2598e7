import { useMutation, useQuery } from '@tanstack/react-query';
import { websitesApi } from '../websites.api';
import { queryKeys } from './query-keys';

/** Polls every 2 s until the website's first event has arrived (first run's waiting step). */
export function useInstallationStatus(websiteId: string) {
  return useQuery({
    queryKey: queryKeys.installation(websiteId),
    queryFn: () => websitesApi.installation(websiteId),
    refetchInterval: (query) => (query.state.data?.lastEventAt ? false : 2000),
  });
}

/** Opens a page of the website on the server and names why no event arrives. */
export function useInstallationCheck(websiteId: string) {
  return useMutation({ mutationFn: (url: string) => websitesApi.checkInstallation(websiteId, url) });
}
