import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { type FormEvent, useState } from 'react';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { FormError } from '../../components/form-error';

/** Asks for the authenticator app's code (or a backup code); `onVerified` runs once the server accepted it. */
export function TwoFactorChallenge({
  onVerified,
  onCancel,
}: {
  onVerified(): Promise<void>;
  onCancel(): void;
}) {
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(messages.auth.secondFactorRequired);
    setBusy(true);
    setError(null);
    try {
      await (backup ? authApi.verifyBackupCode(code.trim()) : authApi.verifyTotp(code.replace(/\s/g, '')));
      await onVerified();
      return;
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401
          ? messages.auth.invalidCode
          : err instanceof ApiError && err.serverMessage
            ? err.serverMessage
            : messages.auth.unexpected,
      );
    }
    setBusy(false);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          {backup
            ? 'Enter one of the backup codes you saved when you set up two-factor authentication.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </Text>
        <TextInput
          label={backup ? 'Backup code' : 'Authentication code'}
          autoComplete="one-time-code"
          inputMode={backup ? 'text' : 'numeric'}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          data-autofocus
          withAsterisk
        />
        <FormError message={error} />
        <Button type="submit" fullWidth disabled={busy}>
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => setBackup((b) => !b)}>
          {backup ? 'Use the authenticator app' : 'Use a backup code'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
          Sign in as someone else
        </Anchor>
      </Stack>
    </form>
  );
}
