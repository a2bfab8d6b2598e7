import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@ocx/contracts';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { AuthLayout } from '../../auth/auth-layout';
import { nextPath } from '../../auth/next-path';
import { useEnterApp } from '../../auth/use-auth-actions';
import { FormError } from '../../components/form-error';
import { FORM_ERROR, formError } from '../../components/forms/server-error';
import { TwoFactorChallenge } from '../two-factor/two-factor-challenge';
import { PasswordlessSignIn } from './passwordless-sign-in';
import { ProviderButtons } from './provider-buttons';
import { providerError } from './provider-error';

interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** Also shown in place of any signed-in route while signed out; signing in there stays on that route. */
export function LoginPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const enterApp = useEnterApp();
  const form = useForm<LoginValues>({
    // Sign-up sends an address that already has an account here with ?email=… filled in.
    initialValues: { email: params.get('email') ?? '', password: '', rememberMe: true },
    // A provider that refused the sign-in sent the browser back here with ?error=….
    initialErrors: { [FORM_ERROR]: providerError(params) },
    validate: ({ email, password }) => ({
      email: email.trim() ? null : messages.auth.emailRequired,
      password: password ? null : messages.auth.passwordRequired,
      // Said once for the form as well, in the auth library's words.
      [FORM_ERROR]: !email.trim() || !password ? messages.auth.missingCredentials : null,
    }),
  });
  const [codeAsked, setCodeAsked] = useState(false);
  const [passwordless, setPasswordless] = useState(false);
  const stay = location.pathname !== '/login' && location.pathname !== '/';
  // An invitation link sends people here with ?next=/invitations/…, and back there once signed in.
  const next = nextPath(params.get('next'));
  const enter = () => enterApp(next ? { to: next } : { stay });

  const signIn = async ({ email, password, rememberMe }: LoginValues) => {
    try {
      const result = await authApi.signIn(email.trim(), password, rememberMe);
      if (result?.twoFactorRedirect) return setCodeAsked(true);
      if (result?.user) return await enter();
      form.setFieldError(FORM_ERROR, messages.auth.failed);
    } catch (err) {
      form.setFieldError(
        FORM_ERROR,
        err instanceof ApiError && err.serverMessage ? err.serverMessage : messages.auth.unexpected,
      );
    }
  };

  if (codeAsked) {
    return (
      <AuthLayout title="Two-factor authentication" subtitle="One more step to sign in">
        <TwoFactorChallenge
          onVerified={enter}
          onCancel={() => {
            setCodeAsked(false);
            form.setFieldValue('password', '');
          }}
        />
      </AuthLayout>
    );
  }

  if (passwordless) {
    return (
      <AuthLayout title="Welcome back" subtitle="Sign in with a code or a link by email">
        <PasswordlessSignIn
          initialEmail={form.values.email}
          onSignedIn={enter}
          onBack={() => setPasswordless(false)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to your OCX account">
      <form onSubmit={form.onSubmit(signIn)} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...form.getInputProps('email')}
            withAsterisk
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
            // Mantine marks only data-invalid here; screen readers need the aria state too.
            aria-invalid={!!form.errors.password}
            withAsterisk
          />
          <Group justify="space-between">
            <Checkbox label="Remember me" {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <FormError message={formError(form)} />
          <Button type="submit" fullWidth disabled={form.submitting}>
            {form.submitting ? 'Signing in...' : 'Sign in'}
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
