import { Alert, Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { debugApi } from '../../api/debug.api';
import { FormError } from '../../components/form-error';

/** What the sign-in screen would do with these credentials: sign in (nothing more is told). */
function Passed({ email }: { email: string }) {
  return (
    <Alert color="ocx" variant="light" icon={<IconCircleCheck size={18} />} role="status" py="xs">
      These credentials sign in ({email}). Your current session is unchanged.
    </Alert>
  );
}

/** Spec §2: a sign-in test (email and password required) that never replaces the current session. */
export function SignInTestForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const test = useMutation({ mutationFn: debugApi.signInTest });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const incomplete = !email.trim() || !password;
    setMissing(incomplete);
    if (incomplete) return test.reset();
    test.mutate({ email: email.trim(), password });
  };

  const error = missing
    ? messages.auth.missingCredentials
    : test.error
      ? test.error instanceof ApiError && test.error.serverMessage
        ? test.error.serverMessage
        : messages.auth.unexpected
      : test.data && !test.data.ok
        ? test.data.error
        : null;
  return (
    <Card withBorder padding="lg">
      <Title order={4}>Sign-in test</Title>
      <Text size="sm" c="dimmed" mb="md">
        Checks an email and password the way sign-in does, without signing in or out.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Sign-in test">
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            withAsterisk
          />
          <PasswordInput
            label="Password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            withAsterisk
          />
          <FormError message={error} />
          {!missing && test.data?.ok && test.variables ? <Passed email={test.variables.email} /> : null}
          <Button type="submit" disabled={test.isPending} style={{ alignSelf: 'flex-start' }}>
            {test.isPending ? 'Testing...' : 'Test Sign In'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
