import { useQuery } from '@tanstack/react-query';
import { debugApi } from '../debug.api';
import { queryKeys } from './query-keys';

/** The signed-in user's auth diagnostics: sessions, factors, providers, mail. */
export function useAuthDebug() {
  return useQuery({ queryKey: queryKeys.debug.auth, queryFn: debugApi.auth, staleTime: 0 });
}
