import { useQuery } from '@tanstack/react-query';
import { authApi } from '../auth.api';
import { queryKeys } from './query-keys';

/** The session as the server sees it; re-read every 15 minutes (spec §9) and on focus. */
export function useSession() {
  return useQuery({
    queryKey: queryKeys.session,
    queryFn: authApi.getSession,
    staleTime: 5 * 60_000,
    refetchInterval: 15 * 60_000,
    retry: 1,
  });
}
