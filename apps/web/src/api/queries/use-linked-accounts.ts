import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { oauthApi } from '../oauth.api';
import { queryKeys } from './query-keys';

/** The signed-in user's ways to sign in: the password and each connected provider. */
export function useLinkedAccounts() {
  return useQuery({ queryKey: queryKeys.linkedAccounts, queryFn: oauthApi.accounts });
}

export function useUnlinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: oauthApi.unlink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.linkedAccounts }),
  });
}
