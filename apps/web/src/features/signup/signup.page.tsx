import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@ocx/contracts';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { useLegalLinks } from '../../api/queries/use-auth-providers';
import { AuthLayout } from '../../auth/auth-layout';
import { nextPath } from '../../auth/next-path';
import { useEnterApp } from '../../auth/use-auth-actions';
import { FormError } from '../../components/form-error';
import { FORM_ERROR, formError } from '../../components/forms/server-error';
import { serverSignupError, signupFieldErrors } from './signup-errors';

interface SignupValues {
  email: string;
  password: string;
  terms: boolean;
}

export function SignupPage() {
  const enterApp = useEnterApp();
  const [params] = useSearchParams();
  // An invitation link sends people here with the invited address and ?next= back to the invitation.
  const next = nextPath(params.get('next'));
  const legal = useLegalLinks();
  const loginLink = (email?: string) => {
    const query = new URLSearchParams({ ...(email ? { email } : {}), ...(next ? { next } : {}) }).toString();
    return query ? `/login?${query}` : '/login';
  };
  const form = useForm<SignupValues>({
    initialValues: { email: params.get('email') ?? '', password: '', terms: false },
    validate: ({ email, password, terms }) => ({
      ...signupFieldErrors(email, password, terms),
      // Spec §5: an empty email or password is also said once for the form.
      [FORM_ERROR]: !email.trim() || !password ? messages.auth.missingCredentials : null,
    }),
  });

  const signUp = async ({ email, password, terms }: SignupValues) => {
    try {
      const result = await authApi.signUp(email.trim(), password, terms);
      if (result?.user) {
        // First run: a new account is walked through its website, the snippet and the first event.
        await enterApp({ to: next ?? '/welcome' });
        return;
      }
      form.setFieldError(FORM_ERROR, messages.auth.signupFailed);
    } catch (err) {
      const refusal =
        err instanceof ApiError && err.serverMessage
          ? serverSignupError(err.serverMessage)
          : { field: null, text: messages.auth.signupFailed };
      // An address with an account: the way on is signing in with it, not a bare refusal.
      const shown: ReactNode = refusal.accountExists ? (
        <>
          {refusal.text}{' '}
          <Anchor
            component={Link}
            to={loginLink(email.trim())}
            size="xs"
            fw={600}
            style={{ whiteSpace: 'nowrap' }}
          >
            Sign in
          </Anchor>
        </>
      ) : (
        refusal.text
      );
      form.setFieldError(refusal.field ?? FORM_ERROR, shown);
    }
  };

  return (
    // No trial is promised: a self-hosted server has no billing. The 14-day trial text (spec §1) returns
    // here when billing is configured.
    <AuthLayout title="Create your account" subtitle="Your campaigns and conversions, on your own server.">
      <form onSubmit={form.onSubmit(signUp)} noValidate>
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
            description="At least 10 characters, and not a common one"
            autoComplete="new-password"
            {...form.getInputProps('password')}
            // Mantine marks only data-invalid here; screen readers need the aria state too.
            aria-invalid={!!form.errors.password}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            withAsterisk
          />
          <Checkbox
            label={
              // The links open beside the form, so what is typed stays.
              <>
                I agree to the{' '}
                <Anchor href={legal.termsUrl} target="_blank" rel="noopener">
                  Terms of Service
                </Anchor>{' '}
                and the{' '}
                <Anchor href={legal.privacyUrl} target="_blank" rel="noopener">
                  Privacy Policy
                </Anchor>
              </>
            }
            {...form.getInputProps('terms', { type: 'checkbox' })}
            required
          />
          <FormError message={formError(form)} />
          <Button type="submit" fullWidth disabled={form.submitting}>
            {form.submitting ? 'Creating account...' : 'Create account'}
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={loginLink()}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
