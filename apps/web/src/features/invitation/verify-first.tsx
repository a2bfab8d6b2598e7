import { Alert, Button, Stack, Text } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { useState } from 'react';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';

/**
 * An invitation is accepted with a verified address: until the invitee has opened the
 * verification link, the page says so and offers another mail, whose link comes back here. The
 * session is read again when the tab regains focus, so the Accept button appears by itself.
 */
export function VerifyFirst({ email, returnTo }: { email: string; returnTo: string }) {
  const [note, setNote] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await authApi.resendVerification(email, returnTo);
      setNote(messages.auth.verificationSent);
    } catch (err) {
      setNote(
        err instanceof ApiError && err.status === 429
          ? messages.auth.waitBeforeResend
          : messages.auth.unexpected,
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="sm" component="section" aria-label="Verify your email address">
      <Alert color="yellow" variant="light" c="dark">
        {messages.members.verifyFirst}
      </Alert>
      <Button variant="light" onClick={resend} loading={sending}>
        Send the verification mail again
      </Button>
      {note ? (
        <Text size="sm" role="status">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
