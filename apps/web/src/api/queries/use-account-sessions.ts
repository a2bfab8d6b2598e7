import { useQuery } from '@tanstack/react-query';
import { accountApi } from '../account.api';
import { queryKeys } from './query-keys';

/** The signed-in user's active sessions, most recently used first. */
export function useAccountSessions() {
  return useQuery({ queryKey: queryKeys.accountSessions, queryFn: accountApi.sessions });
}
