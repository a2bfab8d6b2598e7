import { useQuery } from '@tanstack/react-query';
import { integrationsApi } from '../integrations.api';
import { queryKeys } from './query-keys';

/** The latest 50 postback deliveries, re-read every 10 seconds while the screen is open. */
export function usePostbackDeliveries(websiteId: string) {
  return useQuery({
    queryKey: queryKeys.postbacks(websiteId),
    queryFn: () => integrationsApi.postbacks(websiteId),
    refetchInterval: 10_000,
    refetchIntervalInBackground: false,
  });
}
