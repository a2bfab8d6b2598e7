import { useQuery } from '@tanstack/react-query';
import { debugApi } from '../debug.api';
import { queryKeys } from './query-keys';

/** The database debug report; measured anew on every read, so never served from cache. */
export function useDatabaseDebug() {
  return useQuery({ queryKey: queryKeys.debug.database, queryFn: debugApi.database, staleTime: 0 });
}
