import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authApi } from '../api/auth.api';
import { queryKeys } from '../api/queries/query-keys';
import { rememberSignedIn } from '../api/signed-in-hint';
import { openConfirm } from '../components/dialog-close';

/** Asks 'Are you sure you want to log out?' (spec §2), then signs out; the account menu and the phone drawer share it. */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () =>
    openConfirm({
      title: 'Log out',
      children: <Text size="sm">Are you sure you want to log out?</Text>,
      labels: { confirm: 'Log out', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await authApi.signOut();
        } finally {
          // Whatever the server said, this browser forgets the session and its data.
          queryClient.clear();
          queryClient.setQueryData(queryKeys.session, null);
          rememberSignedIn(false);
          navigate('/login', { replace: true });
        }
      },
    });
}
