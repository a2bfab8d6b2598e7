import { useMutation, useQueryClient } from '@tanstack/react-query';
import { integrationsApi } from '../integrations.api';
import { queryKeys } from '../queries/query-keys';

/** Creates a key; the answer holds the secret, which the server never shows again. */
export function useCreateApiKey(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => integrationsApi.createApiKey(websiteId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys(websiteId) }),
  });
}

export function useRevokeApiKey(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => integrationsApi.revokeApiKey(websiteId, keyId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys(websiteId) }),
  });
}
