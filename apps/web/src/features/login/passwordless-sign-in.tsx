import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@ocx/contracts';
import { useState } from 'react';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { FormError } from '../../components/form-error';
import { FORM_ERROR, formError } from '../../components/forms/server-error';

type Step = 'ask' | 'code' | 'link';

/** A refused code is said at the code field; waiting and anything else for the whole form. */
const refusal = (err: unknown): { field: 'code' | typeof FORM_ERROR; text: string } =>
  err instanceof ApiError && err.status === 429
    ? { field: FORM_ERROR, text: messages.auth.waitBeforeResend }
    : err instanceof ApiError && err.status === 400
      ? { field: 'code', text: messages.auth.invalidCode }
      : { field: FORM_ERROR, text: messages.auth.unexpected };

/** Sign in with a code or a link sent by mail (spec `/otp`, `/verify`). */
export function PasswordlessSignIn({
  initialEmail,
  onSignedIn,
  onBack,
}: {
  initialEmail: string;
  onSignedIn(): Promise<void>;
  onBack(): void;
}) {
  const form = useForm({ initialValues: { email: initialEmail, code: '' } });
  const { email, code } = form.values;
  const [step, setStep] = useState<Step>('ask');
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    form.clearErrors();
    try {
      await work();
    } catch (err) {
      const { field, text } = refusal(err);
      // The code field shows only once a code was mailed; before that, every refusal is the form's.
      form.setFieldError(step === 'code' ? field : FORM_ERROR, text);
    }
    setBusy(false);
  };
  const send = (kind: 'code' | 'link') => {
    if (!email.trim()) return form.setFieldError('email', messages.auth.missingEmail);
    void run(async () => {
      await (kind === 'code' ? authApi.sendSignInCode(email.trim()) : authApi.sendSignInLink(email.trim()));
      setStep(kind);
    });
  };
  const verify = form.onSubmit(() =>
    run(async () => {
      await authApi.signInWithCode(email.trim(), code.trim());
      await onSignedIn();
    }),
  );

  return (
    <Stack>
      {step === 'ask' ? (
        <>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
            withAsterisk
          />
          <Group grow>
            <Button variant="light" onClick={() => send('code')} disabled={busy}>
              Email me a code
            </Button>
            <Button variant="light" onClick={() => send('link')} disabled={busy}>
              Email me a link
            </Button>
          </Group>
        </>
      ) : step === 'link' ? (
        <Text role="status">Check your email for a sign-in link. It works for ten minutes, once.</Text>
      ) : (
        <form onSubmit={verify} noValidate>
          <Stack>
            <Text size="sm">
              If {email.trim()} has an account, a 6-digit code is on its way. It works for ten minutes.
            </Text>
            <TextInput
              label="Sign-in code"
              autoComplete="one-time-code"
              inputMode="numeric"
              {...form.getInputProps('code')}
            />
            <Button type="submit" disabled={busy || !code.trim()}>
              Sign in
            </Button>
          </Stack>
        </form>
      )}
      <FormError message={formError(form)} />
      <Anchor component="button" type="button" size="sm" onClick={onBack}>
        Sign in with your password
      </Anchor>
    </Stack>
  );
}
