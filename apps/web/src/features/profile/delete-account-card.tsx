import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages } from '@ocx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { accountApi } from '../../api/account.api';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { FormError } from '../../components/form-error';

export const DELETE_ACCOUNT_CONFIRM =
  'Are you sure you want to delete your account? Your organization, every website and all their events are deleted. This cannot be undone.';

/** Deletes the account after the password and a confirmation. */
export function DeleteAccountCard() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const confirm = () =>
    modals.openConfirmModal({
      title: 'Delete account',
      children: <Text size="sm">{DELETE_ACCOUNT_CONFIRM}</Text>,
      labels: { confirm: 'Delete my account', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setError(null);
        try {
          await accountApi.deleteAccount(password);
          queryClient.clear();
          queryClient.setQueryData(queryKeys.session, null);
          navigate('/login', { replace: true });
        } catch (err) {
          setError(err instanceof ApiError && err.status === 400 ? err.message : messages.auth.unexpected);
        }
      },
    });

  return (
    <Card withBorder radius="md" padding="lg" aria-label="Delete account">
      <Title order={4} mb="sm" c="red">
        Delete account
      </Title>
      <Stack>
        <Text size="sm">
          Deletes your organization, every website and all their events. Nothing of other users.
        </Text>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <FormError message={error} />
        <Button color="red" variant="light" disabled={!password} onClick={confirm}>
          Delete account
        </Button>
      </Stack>
    </Card>
  );
}
