import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { AuthLayout } from '../../auth/auth-layout';
import { nextPath } from '../../auth/next-path';
import { useEnterApp } from '../../auth/use-auth-actions';
import { FormError } from '../../components/form-error';
import { noFieldErrors, type SignupFieldErrors, serverSignupError, signupFieldErrors } from './signup-errors';

export function SignupPage() {
  const enterApp = useEnterApp();
  const [params] = useSearchParams();
  // An invitation link sends people here with the invited address and ?next= back to the invitation.
  const next = nextPath(params.get('next'));
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<SignupFieldErrors>(noFieldErrors);
  const clearField = (field: keyof SignupFieldErrors) => setFieldErrors((e) => ({ ...e, [field]: null }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = signupFieldErrors(email, password, acceptTerms);
    setFieldErrors(found);
    // Spec §5: an empty email or password is also said once for the form.
    setError(!email.trim() || !password ? messages.auth.missingCredentials : null);
    if (found.email || found.password || found.terms) return;
    setBusy(true);
    setError(null);
    try {
      const result = await authApi.signUp(email.trim(), password, acceptTerms);
      if (result?.user) {
        // First run: a new account is walked through its website, the snippet and the first event.
        await enterApp({ to: next ?? '/welcome' });
        return;
      }
      setError(messages.auth.signupFailed);
    } catch (err) {
      const refusal =
        err instanceof ApiError && err.serverMessage
          ? serverSignupError(err.serverMessage)
          : { field: null, text: messages.auth.signupFailed };
      if (refusal.field) setFieldErrors({ ...noFieldErrors, [refusal.field]: refusal.text });
      else setError(refusal.text);
    }
    setBusy(false);
  };

  return (
    // No trial is promised: a self-hosted server has no billing. The 14-day trial text (spec §1) returns
    // here when billing is configured.
    <AuthLayout title="Create your account" subtitle="Your campaigns and conversions, on your own server.">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              clearField('email');
            }}
            error={fieldErrors.email}
            withAsterisk
          />
          <PasswordInput
            label="Password"
            description="At least 8 characters"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              clearField('password');
            }}
            error={fieldErrors.password}
            // Mantine marks only data-invalid here; screen readers need the aria state too.
            aria-invalid={!!fieldErrors.password}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            withAsterisk
          />
          <Checkbox
            label="I agree to the Terms of Service and the Privacy Policy"
            checked={acceptTerms}
            onChange={(e) => {
              setAcceptTerms(e.currentTarget.checked);
              clearField('terms');
            }}
            error={fieldErrors.terms}
            required
          />
          <FormError message={error} />
          <Button type="submit" fullWidth disabled={busy}>
            {busy ? 'Creating account...' : 'Create account'}
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={next ? `/login?next=${encodeURIComponent(next)}` : '/login'}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
