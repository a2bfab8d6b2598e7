import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { IconMailExclamation } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../api/auth.api';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/queries/query-keys';
import { useOutbox } from '../api/queries/use-outbox';
import { useSession } from '../api/queries/use-session';

/** The server's cool-down between two verification mails (auth.ts RESEND_COOL_DOWN_S). */
const COOL_DOWN_S = 60;
const REFUSED_LINK = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'INVALID_USER', 'USER_NOT_FOUND']);

/**
 * Unverified users use the app as usual, under this banner with a Resend button. A server without
 * SMTP settings sends no mail: the banner says so and links the outbox, where the link waits.
 */
export function VerifyEmailBanner() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [wait, setWait] = useState(0);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const user = session.data?.user;
  const unverified = !!user && !user.emailVerified;
  const outbox = useOutbox({ enabled: unverified });
  if (!user || !unverified) return null;
  const noSmtp = outbox.data?.transport === 'log';
  const refused = REFUSED_LINK.has(params.get('error') ?? '');

  const resend = async () => {
    setWait(COOL_DOWN_S);
    try {
      await authApi.resendVerification(user.email);
      setNote(noSmtp ? messages.auth.verificationInOutbox : messages.auth.verificationSent);
      if (noSmtp) await queryClient.invalidateQueries({ queryKey: queryKeys.outbox });
    } catch (err) {
      setNote(
        err instanceof ApiError && err.status === 429
          ? messages.auth.waitBeforeResend
          : messages.auth.unexpected,
      );
    }
  };

  return (
    // A section, not an alert: it stays while the user works and is not news each time a page opens.
    <Paper
      component="section"
      aria-label="Email verification"
      withBorder
      p="sm"
      mb="md"
      bg="yellow.0"
      c="dark"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">
          <IconMailExclamation size={16} style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
          {refused ? `${messages.auth.tokenVerification} ` : ''}
          {messages.auth.verifyEmail}{' '}
          {noSmtp ? (
            <>
              {messages.auth.noMailSent}{' '}
              <Anchor component={Link} to="/outbox" size="sm" fw={600} c="dark" underline="always">
                Open the outbox
              </Anchor>{' '}
              to verify.
            </>
          ) : outbox.data || outbox.isError ? (
            // Said once the server told how it sends mail (over SMTP, or unknown after an error).
            'We mailed you a link.'
          ) : null}
          {note ? ` ${note}` : ''}
        </Text>
        <Button size="xs" variant="light" color="yellow" onClick={resend} disabled={wait > 0}>
          {wait > 0 ? `Resend in ${wait} s` : 'Resend'}
        </Button>
      </Group>
    </Paper>
  );
}
