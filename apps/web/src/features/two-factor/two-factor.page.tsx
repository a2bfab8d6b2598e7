import { useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../api/auth.api';
import { queryKeys } from '../../api/queries/query-keys';
import { AuthLayout } from '../../auth/auth-layout';
import { TwoFactorChallenge } from './two-factor-challenge';

/**
 * Shown instead of the app to a session at aal1 whose user has a verified factor (spec §4): the
 * server refuses its API calls until it proves a code.
 */
export function TwoFactorPage() {
  const queryClient = useQueryClient();
  return (
    <AuthLayout title="Two-factor authentication" subtitle="One more step to open OCX">
      <TwoFactorChallenge
        onVerified={async () => {
          await queryClient.fetchQuery({
            queryKey: queryKeys.session,
            queryFn: authApi.getSession,
            staleTime: 0,
          });
        }}
        onCancel={async () => {
          await authApi.signOut().catch(() => null);
          queryClient.clear();
          queryClient.setQueryData(queryKeys.session, null);
        }}
      />
    </AuthLayout>
  );
}
