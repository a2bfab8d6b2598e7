import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { AuthLayout } from '../../auth/auth-layout';
import { useEnterApp } from '../../auth/use-auth-actions';
import { FormError } from '../../components/form-error';

export function SignupPage() {
  const enterApp = useEnterApp();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) return setError(messages.auth.missingCredentials);
    if (!acceptTerms) return setTermsError(messages.auth.termsRequired);
    setBusy(true);
    setError(null);
    try {
      const result = await authApi.signUp(email.trim(), password, acceptTerms);
      if (result?.user) {
        await enterApp();
        return;
      }
      setError(messages.auth.signupFailed);
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : messages.auth.signupFailed);
    }
    setBusy(false);
  };

  return (
    <AuthLayout title="Create your account" subtitle="Start your 14-day free trial. No card needed.">
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
          <PasswordInput
            label="Password"
            description="At least 8 characters"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            withAsterisk
          />
          <Checkbox
            label="I agree to the Terms of Service and the Privacy Policy"
            checked={acceptTerms}
            onChange={(e) => {
              setAcceptTerms(e.currentTarget.checked);
              setTermsError(null);
            }}
            error={termsError}
            required
          />
          <FormError message={error} />
          <Button type="submit" fullWidth disabled={busy}>
            {busy ? 'Creating account...' : 'Create account'}
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
