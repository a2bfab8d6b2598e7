import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@ocx/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { authApi } from '../../api/auth.api';
import { refusalOr } from '../../api/client';
import { AuthLayout } from '../../auth/auth-layout';
import { FormError } from '../../components/form-error';
import { FORM_ERROR, formError } from '../../components/forms/server-error';

/** Asks for a reset link by mail; the answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (email) => (email.trim() ? null : 'Please enter your email') },
  });
  const [sent, setSent] = useState(false);

  const submit = form.onSubmit(async ({ email }) => {
    try {
      await authApi.requestPasswordReset(email.trim());
      setSent(true);
    } catch (err) {
      form.setFieldError(FORM_ERROR, refusalOr(err, messages.auth.unexpected));
    }
  });

  return (
    <AuthLayout title="Forgot your password?" subtitle="We mail you a link to set a new one">
      {sent ? (
        <Stack>
          <Text role="status">{messages.auth.resetSent}</Text>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              {...form.getInputProps('email')}
              withAsterisk
            />
            <FormError message={formError(form)} />
            <Button type="submit" fullWidth disabled={form.submitting}>
              {form.submitting ? 'Sending...' : 'Send reset link'}
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              Back to sign in
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
