import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authApi } from '../api/auth.api';
import { queryKeys } from '../api/queries/query-keys';

/** After a sign-in or sign-up the session is read again and the dashboard opens (spec §2). */
export function useEnterApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (options: { stay?: boolean; to?: string } = {}) => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
    if (options.to) {
      // Somewhere other than the dashboard: go there while the session is read again (the signed-in
      // routes wait for it), or /signup's "signed in: to the dashboard" would see it first.
      void queryClient.resetQueries({ queryKey: queryKeys.session });
      navigate(options.to, { replace: true });
      return;
    }
    await queryClient.fetchQuery({ queryKey: queryKeys.session, queryFn: authApi.getSession, staleTime: 0 });
    if (!options.stay) navigate('/dashboard', { replace: true });
  };
}
