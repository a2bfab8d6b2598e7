import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { messages, type SharedWebsite } from '@ocx/contracts';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { shareApi } from '../../api/share.api';

/** Asks for a protected link's password; the server's proof opens the dashboard. */
export function SharePasswordForm({
  token,
  website,
  onUnlocked,
}: {
  token: string;
  website: SharedWebsite;
  onUnlocked(access: string): void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Enter the password');
      return;
    }
    setChecking(true);
    setError(null);
    try {
      onUnlocked((await shareApi.unlock(token, password)).access);
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : messages.common.unexpected);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Paper withBorder shadow="sm" p="xl" radius="lg" maw={420} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h3">
            {website.websiteName}
          </Title>
          <Text size="sm" c="dimmed">
            {messages.shares.passwordRequired}
          </Text>
          <PasswordInput
            label="Password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
            autoComplete="current-password"
            data-autofocus
          />
          <Button type="submit" loading={checking}>
            View dashboard
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
