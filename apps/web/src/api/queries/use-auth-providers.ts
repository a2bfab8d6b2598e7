import { useQuery } from '@tanstack/react-query';
import { oauthApi } from '../oauth.api';
import { queryKeys } from './query-keys';

/** The configured Google/OIDC providers; the server's configuration, so read once. */
export function useAuthProviders() {
  return useQuery({
    queryKey: queryKeys.authProviders,
    queryFn: oauthApi.providers,
    staleTime: Number.POSITIVE_INFINITY,
    select: (data) => data.providers,
  });
}

/** The Terms of Service and Privacy Policy sign-up links: the app's own pages until the server says otherwise. */
export function useLegalLinks(): { termsUrl: string; privacyUrl: string } {
  const { data } = useQuery({
    queryKey: queryKeys.authProviders,
    queryFn: oauthApi.providers,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { termsUrl: data?.termsUrl ?? '/terms', privacyUrl: data?.privacyUrl ?? '/privacy' };
}
