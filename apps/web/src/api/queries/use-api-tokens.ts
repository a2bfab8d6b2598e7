import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '../account.api';
import { queryKeys } from './query-keys';

/** The signed-in user's personal access tokens, newest first. */
export function useApiTokens() {
  return useQuery({ queryKey: queryKeys.apiTokens, queryFn: accountApi.apiTokens });
}

/** When and why OCX last revoked all the user's tokens, or null. */
export function useApiTokenRevocation() {
  return useQuery({
    queryKey: queryKeys.apiTokenRevocation,
    queryFn: async () => (await accountApi.apiTokenRevocation()).revocation,
  });
}

/** Creates a token; the answer carries the token itself, shown once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens }),
  });
}
