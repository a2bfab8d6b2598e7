import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@ocx/contracts';
import { passwordProblem } from '@ocx/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { AuthLayout } from '../../auth/auth-layout';
import { FormError } from '../../components/form-error';
import { FORM_ERROR, formError } from '../../components/forms/server-error';

/** The mail's link lands here with ?token=…; a new password signs out every session of the account. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    initialErrors: token ? {} : { [FORM_ERROR]: messages.auth.tokenVerification },
    validate: {
      // The rule the server applies too (packages/core password-rule.ts).
      password: passwordProblem,
      repeat: (repeat, { password }) => (repeat === password ? null : messages.auth.passwordsDiffer),
    },
  });
  const [done, setDone] = useState(false);

  const submit = form.onSubmit(async ({ password }) => {
    if (!token) return form.setFieldError(FORM_ERROR, messages.auth.tokenVerification);
    try {
      await authApi.resetPassword(token, password);
      // Every session ended on the server, this browser's too.
      queryClient.clear();
      queryClient.setQueryData(queryKeys.session, null);
      setDone(true);
    } catch (err) {
      form.setFieldError(
        FORM_ERROR,
        err instanceof ApiError && err.status === 400 && /token/i.test(err.message)
          ? messages.auth.tokenVerification
          : err instanceof ApiError && err.serverMessage
            ? err.serverMessage
            : messages.auth.unexpected,
      );
    }
  });

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
              description="At least 10 characters, and not a common one"
              autoComplete="new-password"
              {...form.getInputProps('password')}
              // Mantine marks only data-invalid here; screen readers need the aria state too.
              aria-invalid={!!form.errors.password}
              inputWrapperOrder={['label', 'description', 'input', 'error']}
              withAsterisk
            />
            <PasswordInput
              label="Repeat the new password"
              autoComplete="new-password"
              {...form.getInputProps('repeat')}
              aria-invalid={!!form.errors.repeat}
              withAsterisk
            />
            <FormError message={formError(form)} />
            <Button type="submit" fullWidth disabled={form.submitting || !token}>
              {form.submitting ? 'Saving...' : 'Set new password'}
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
