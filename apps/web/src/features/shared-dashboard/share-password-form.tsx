import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, type SharedWebsite } from '@ocx/contracts';
import { ApiError } from '../../api/client';
import { useUnlockSharedLink } from '../../api/mutations/use-share-mutations';

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
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (password) => (password ? null : 'Enter the password') },
  });
  const unlock = useUnlockSharedLink(token, {
    onSuccess: ({ access }) => onUnlocked(access),
    // Every refusal concerns the one field there is.
    onError: (err) =>
      form.setFieldError(
        'password',
        err instanceof ApiError && err.serverMessage ? err.serverMessage : messages.common.unexpected,
      ),
  });
  const submit = form.onSubmit(({ password }) => unlock.mutate(password));

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
            {...form.getInputProps('password')}
            autoComplete="current-password"
            data-autofocus
          />
          <Button type="submit" loading={unlock.isPending}>
            View dashboard
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
