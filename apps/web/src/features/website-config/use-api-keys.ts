import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { integrationsApi } from '../../api/integrations.api';

export const apiKeysKey = (websiteId: string) => ['api-keys', websiteId] as const;

/** The website's active API keys (no secrets). */
export function useApiKeys(websiteId: string) {
  return useQuery({ queryKey: apiKeysKey(websiteId), queryFn: () => integrationsApi.apiKeys(websiteId) });
}

/** Creates a key; the answer holds the secret, which the server never shows again. */
export function useCreateApiKey(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => integrationsApi.createApiKey(websiteId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(websiteId) }),
  });
}

export function useRevokeApiKey(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => integrationsApi.revokeApiKey(websiteId, keyId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(websiteId) }),
  });
}
