import { useQuery } from '@tanstack/react-query';
import { authApi } from '../api/auth.api';

export const SESSION_KEY = ['session'] as const;

/** The session as the server sees it; re-read every 15 minutes (spec §9) and on focus. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: authApi.getSession,
    staleTime: 5 * 60_000,
    refetchInterval: 15 * 60_000,
    retry: 1,
  });
}
