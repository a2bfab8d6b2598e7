import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { AuthLayout } from '../../auth/auth-layout';
import { nextPath } from '../../auth/next-path';
import { useEnterApp } from '../../auth/use-auth-actions';
import { FormError } from '../../components/form-error';
import { TwoFactorChallenge } from '../two-factor/two-factor-challenge';
import { PasswordlessSignIn } from './passwordless-sign-in';
import { ProviderButtons } from './provider-buttons';
import { providerError } from './provider-error';

/** Also shown in place of any signed-in route while signed out; signing in there stays on that route. */
export function LoginPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const enterApp = useEnterApp();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [busy, setBusy] = useState(false);
  // A provider that refused the sign-in sent the browser back here with ?error=….
  const [error, setError] = useState<string | null>(() => providerError(params));
  const [codeAsked, setCodeAsked] = useState(false);
  const [passwordless, setPasswordless] = useState(false);
  const stay = location.pathname !== '/login' && location.pathname !== '/';
  // An invitation link sends people here with ?next=/invitations/…, and back there once signed in.
  const next = nextPath(params.get('next'));
  const enter = () => enterApp(next ? { to: next } : { stay });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) return setError(messages.auth.missingCredentials);
    setBusy(true);
    setError(null);
    try {
      const result = await authApi.signIn(email.trim(), password, rememberMe);
      if (result?.twoFactorRedirect) {
        setCodeAsked(true);
        setBusy(false);
        return;
      }
      if (result?.user) {
        await enter();
        return;
      }
      setError(messages.auth.failed);
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : messages.auth.unexpected);
    }
    setBusy(false);
  };

  if (codeAsked) {
    return (
      <AuthLayout title="Two-factor authentication" subtitle="One more step to sign in">
        <TwoFactorChallenge
          onVerified={enter}
          onCancel={() => {
            setCodeAsked(false);
            setPassword('');
          }}
        />
      </AuthLayout>
    );
  }

  if (passwordless) {
    return (
      <AuthLayout title="Welcome back" subtitle="Sign in with a code or a link by email">
        <PasswordlessSignIn initialEmail={email} onSignedIn={enter} onBack={() => setPasswordless(false)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to your OCX account">
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
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            withAsterisk
          />
          <Group justify="space-between">
            <Checkbox
              label="Remember me"
              checked={rememberMe}
              onChange={(e) => setRememberMe(e.currentTarget.checked)}
            />
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <FormError message={error} />
          <Button type="submit" fullWidth disabled={busy}>
            {busy ? 'Signing in...' : 'Sign in'}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => setPasswordless(true)}>
            Email me a sign-in code or link instead
          </Anchor>
          <ProviderButtons returnTo={next ?? (stay ? location.pathname : '/dashboard')} />
          <Text size="sm" ta="center">
            Don't have an account?{' '}
            <Anchor component={Link} to={next ? `/signup?next=${encodeURIComponent(next)}` : '/signup'}>
              Sign up
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
