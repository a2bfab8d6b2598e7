import { useQuery } from '@tanstack/react-query';
import { integrationsApi } from '../../api/integrations.api';

export const postbacksKey = (websiteId: string) => ['postbacks', websiteId] as const;

/** The latest 50 postback deliveries, re-read every 10 seconds while the screen is open. */
export function usePostbackDeliveries(websiteId: string) {
  return useQuery({
    queryKey: postbacksKey(websiteId),
    queryFn: () => integrationsApi.postbacks(websiteId),
    refetchInterval: 10_000,
    refetchIntervalInBackground: false,
  });
}
