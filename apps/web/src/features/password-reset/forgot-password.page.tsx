import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { authApi } from '../../api/auth.api';
import { refusalOr } from '../../api/client';
import { AuthLayout } from '../../auth/auth-layout';
import { FormError } from '../../components/form-error';

/** Asks for a reset link by mail; the answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError('Please enter your email');
    setBusy(true);
    setError(null);
    try {
      await authApi.requestPasswordReset(email.trim());
      setSent(true);
    } catch (err) {
      setError(refusalOr(err, messages.auth.unexpected));
    }
    setBusy(false);
  };

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
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              withAsterisk
            />
            <FormError message={error} />
            <Button type="submit" fullWidth disabled={busy}>
              {busy ? 'Sending...' : 'Send reset link'}
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
