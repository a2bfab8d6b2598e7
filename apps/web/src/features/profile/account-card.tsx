import { Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { useSession } from '../../api/queries/use-session';
import { FormError } from '../../components/form-error';

const serverText = (err: unknown) =>
  err instanceof ApiError && err.serverMessage ? err.serverMessage : messages.auth.unexpected;

/** One small form: its own busy state, refusal and confirmation. */
function useForm() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = (work: () => Promise<string>) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone(await work());
    } catch (err) {
      setError(serverText(err));
    }
    setBusy(false);
  };
  return { busy, error, done, submit };
}

/** Name, email (changed by mail confirmation) and password (other sessions end). */
export function AccountCard() {
  const session = useSession();
  const queryClient = useQueryClient();
  const user = session.data?.user;
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState('');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const nameForm = useForm();
  const emailForm = useForm();
  const passwordForm = useForm();
  const refreshSession = () =>
    queryClient.fetchQuery({ queryKey: queryKeys.session, queryFn: authApi.getSession, staleTime: 0 });

  return (
    <Card withBorder radius="md" padding="lg" aria-label="Account">
      <Title order={4} mb="sm">
        Account
      </Title>
      <Stack gap="lg">
        <form
          onSubmit={nameForm.submit(async () => {
            await authApi.updateName(name.trim());
            await refreshSession();
            return 'Name saved.';
          })}
        >
          <Group align="flex-end">
            <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} flex={1} />
            <Button type="submit" variant="light" disabled={nameForm.busy || !name.trim()}>
              Save name
            </Button>
          </Group>
          <FormError message={nameForm.error} />
          {nameForm.done ? <Text size="sm">{nameForm.done}</Text> : null}
        </form>
        <form
          onSubmit={emailForm.submit(async () => {
            await authApi.changeEmail(email.trim());
            return user?.emailVerified
              ? `We mailed ${user.email} a link to confirm the change; then ${email.trim()} gets one to verify.`
              : `We mailed ${email.trim()} a link to verify it.`;
          })}
        >
          <Group align="flex-end">
            <TextInput
              label="Email"
              description={`Now ${user?.email ?? ''}`}
              type="email"
              placeholder="new@company.com"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              flex={1}
            />
            <Button type="submit" variant="light" disabled={emailForm.busy || !email.trim()}>
              Change email
            </Button>
          </Group>
          <FormError message={emailForm.error} />
          {emailForm.done ? <Text size="sm">{emailForm.done}</Text> : null}
        </form>
        <form
          onSubmit={passwordForm.submit(async () => {
            await authApi.changePassword(current, next);
            setCurrent('');
            setNext('');
            await queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
            return 'Password changed. Your other sessions were signed out.';
          })}
        >
          <Stack gap="xs">
            <Group grow align="flex-end">
              <PasswordInput
                label="Current password"
                autoComplete="current-password"
                value={current}
                onChange={(e) => setCurrent(e.currentTarget.value)}
              />
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                value={next}
                onChange={(e) => setNext(e.currentTarget.value)}
              />
            </Group>
            <Group>
              <Button
                type="submit"
                variant="light"
                disabled={passwordForm.busy || !current || next.length < 8}
              >
                Change password
              </Button>
            </Group>
            <FormError message={passwordForm.error} />
            {passwordForm.done ? <Text size="sm">{passwordForm.done}</Text> : null}
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
