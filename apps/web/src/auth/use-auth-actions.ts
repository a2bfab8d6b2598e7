import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authApi } from '../api/auth.api';
import { queryKeys } from '../api/queries/query-keys';

/** After a sign-in or sign-up the session is read again and the dashboard opens (spec §2). */
export function useEnterApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (options: { stay?: boolean } = {}) => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
    await queryClient.fetchQuery({ queryKey: queryKeys.session, queryFn: authApi.getSession, staleTime: 0 });
    if (!options.stay) navigate('/dashboard', { replace: true });
  };
}
