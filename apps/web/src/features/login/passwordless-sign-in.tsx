import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { type FormEvent, useState } from 'react';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { FormError } from '../../components/form-error';

type Step = 'ask' | 'code' | 'link';

const refusal = (err: unknown) =>
  err instanceof ApiError && err.status === 429
    ? messages.auth.waitBeforeResend
    : err instanceof ApiError && err.status === 400
      ? messages.auth.invalidCode
      : messages.auth.unexpected;

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
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>('ask');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(refusal(err));
    }
    setBusy(false);
  };
  const send = (kind: 'code' | 'link') => {
    if (!email.trim()) return setError(messages.auth.missingEmail);
    void run(async () => {
      await (kind === 'code' ? authApi.sendSignInCode(email.trim()) : authApi.sendSignInLink(email.trim()));
      setStep(kind);
    });
  };
  const verify = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await authApi.signInWithCode(email.trim(), code.trim());
      await onSignedIn();
    });
  };

  return (
    <Stack>
      {step === 'ask' ? (
        <>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
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
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            <Button type="submit" disabled={busy || !code.trim()}>
              Sign in
            </Button>
          </Stack>
        </form>
      )}
      <FormError message={error} />
      <Anchor component="button" type="button" size="sm" onClick={onBack}>
        Sign in with your password
      </Anchor>
    </Stack>
  );
}
