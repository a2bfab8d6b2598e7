import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@ocx/contracts';
import { useState } from 'react';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { FormError } from '../../components/form-error';
import { FORM_ERROR, formError } from '../../components/forms/server-error';

/** Asks for the authenticator app's code (or a backup code); `onVerified` runs once the server accepted it. */
export function TwoFactorChallenge({
  onVerified,
  onCancel,
}: {
  onVerified(): Promise<void>;
  onCancel(): void;
}) {
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (code) => (code.trim() ? null : messages.auth.secondFactorRequired) },
  });
  const [backup, setBackup] = useState(false);

  const submit = form.onSubmit(async ({ code }) => {
    try {
      await (backup ? authApi.verifyBackupCode(code.trim()) : authApi.verifyTotp(code.replace(/\s/g, '')));
      await onVerified();
    } catch (err) {
      // A refused code is said at the code field; anything else above the button.
      if (err instanceof ApiError && err.status === 401)
        form.setFieldError('code', messages.auth.invalidCode);
      else
        form.setFieldError(
          FORM_ERROR,
          err instanceof ApiError && err.serverMessage ? err.serverMessage : messages.auth.unexpected,
        );
    }
  });

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
          {...form.getInputProps('code')}
          data-autofocus
          withAsterisk
        />
        <FormError message={formError(form)} />
        <Button type="submit" fullWidth disabled={form.submitting}>
          {form.submitting ? 'Verifying...' : 'Verify'}
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
