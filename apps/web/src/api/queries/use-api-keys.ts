import { useQuery } from '@tanstack/react-query';
import { integrationsApi } from '../integrations.api';
import { queryKeys } from './query-keys';

/** The website's active API keys (no secrets). */
export function useApiKeys(websiteId: string) {
  return useQuery({
    queryKey: queryKeys.apiKeys(websiteId),
    queryFn: () => integrationsApi.apiKeys(websiteId),
  });
}
