import { Alert, Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@ocx/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { ApiError } from '../../api/client';
import { useSignInTest } from '../../api/mutations/use-debug-mutations';
import { FormError } from '../../components/form-error';
import { FORM_ERROR, formError, showServerError } from '../../components/forms/server-error';

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
  const form = useForm({
    initialValues: { email: '', password: '' },
    // Spec §5 says both at once, the way the sign-in screen does.
    validate: ({ email, password }) =>
      !email.trim() || !password ? { [FORM_ERROR]: messages.auth.missingCredentials } : {},
  });
  const test = useSignInTest({
    onError: (err) =>
      showServerError(
        form,
        err,
        err instanceof ApiError && err.serverMessage ? err.serverMessage : messages.auth.unexpected,
      ),
  });

  const submit = form.onSubmit(
    ({ email, password }) => test.mutate({ email: email.trim(), password }),
    () => test.reset(),
  );

  const error = formError(form) ?? (test.data && !test.data.ok ? test.data.error : null);
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
            {...form.getInputProps('email')}
            withAsterisk
          />
          <PasswordInput
            label="Password"
            autoComplete="off"
            {...form.getInputProps('password')}
            withAsterisk
          />
          <FormError message={error} />
          {test.data?.ok && test.variables ? <Passed email={test.variables.email} /> : null}
          <Button type="submit" disabled={test.isPending} style={{ alignSelf: 'flex-start' }}>
            {test.isPending ? 'Testing...' : 'Test Sign In'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
