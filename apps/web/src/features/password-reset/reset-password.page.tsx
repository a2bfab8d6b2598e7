import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { AuthLayout } from '../../auth/auth-layout';
import { FormError } from '../../components/form-error';

/** The mail's link lands here with ?token=…; a new password signs out every session of the account. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : messages.auth.tokenVerification);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return setError(messages.auth.tokenVerification);
    if (password.length < 8) return setError('Password must be at least 8 characters');
    if (password !== repeat) return setError(messages.auth.passwordsDiffer);
    setBusy(true);
    setError(null);
    try {
      await authApi.resetPassword(token, password);
      // Every session ended on the server, this browser's too.
      queryClient.clear();
      queryClient.setQueryData(queryKeys.session, null);
      setDone(true);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 400 && /token/i.test(err.message)
          ? messages.auth.tokenVerification
          : err instanceof ApiError && err.serverMessage
            ? err.serverMessage
            : messages.auth.unexpected,
      );
    }
    setBusy(false);
  };

  return (
    <AuthLayout title="Set a new password" subtitle="Resetting signs out every session of your account">
      {done ? (
        <Stack>
          <Text role="status">{messages.auth.passwordReset}</Text>
          <Button component={Link} to="/login" fullWidth>
            Sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <PasswordInput
              label="New password"
              description="At least 8 characters"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              withAsterisk
            />
            <PasswordInput
              label="Repeat the new password"
              autoComplete="new-password"
              value={repeat}
              onChange={(e) => setRepeat(e.currentTarget.value)}
              withAsterisk
            />
            <FormError message={error} />
            <Button type="submit" fullWidth disabled={busy || !token}>
              {busy ? 'Saving...' : 'Set new password'}
            </Button>
            <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
              Ask for a new link
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
