import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  Image,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { messages } from '@ocx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { toDataURL } from 'qrcode';
import { type FormEvent, useState } from 'react';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { useSession } from '../../api/queries/use-session';
import { FormError } from '../../components/form-error';

interface Enrolment {
  qr: string;
  secret: string;
  backupCodes: string[];
}

const serverText = (err: unknown) =>
  err instanceof ApiError && err.serverMessage ? err.serverMessage : messages.auth.unexpected;

/** Set up (QR code, backup codes, first code) or remove the TOTP factor; both ask for the password. */
export function SecondFactorCard() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enabled = !!session.data?.user.twoFactorEnabled;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(err instanceof ApiError && err.status === 401 ? messages.auth.invalidCode : serverText(err));
    }
    setBusy(false);
  };
  // Turning the factor on or off also revokes every API token (the tokens card shows why).
  const refreshSession = async () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens });
    await queryClient.fetchQuery({ queryKey: queryKeys.session, queryFn: authApi.getSession, staleTime: 0 });
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { totpURI, backupCodes } = await authApi.enableTwoFactor(password);
      const secret = new URL(totpURI).searchParams.get('secret') ?? '';
      setEnrolment({ qr: await toDataURL(totpURI, { margin: 1, width: 200 }), secret, backupCodes });
      setPassword('');
    });
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await authApi.verifyTotp(code.replace(/\s/g, ''));
      setEnrolment(null);
      setCode('');
      await refreshSession();
    });
  };
  const remove = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await authApi.disableTwoFactor(password);
      setPassword('');
      await refreshSession();
    });
  };

  return (
    <Card withBorder radius="md" padding="lg" aria-label="Two-factor authentication">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Two-factor authentication</Title>
        <Badge color={enabled ? 'green' : 'gray'}>{enabled ? 'On' : 'Off'}</Badge>
      </Group>
      {enrolment ? (
        <form onSubmit={confirm} noValidate>
          <Stack>
            <Text size="sm">
              Scan the code with your authenticator app, or type the key, then enter the code it shows.
            </Text>
            <Group align="flex-start">
              <Image src={enrolment.qr} alt="QR code for your authenticator app" w={200} h={200} />
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  Key
                </Text>
                <Code data-testid="totp-secret">{enrolment.secret}</Code>
                <Text size="xs" c="dimmed" mt="sm">
                  Backup codes — keep them somewhere safe; each works once
                </Text>
                <SimpleGrid cols={2} spacing={4} data-testid="backup-codes">
                  {enrolment.backupCodes.map((c) => (
                    <Code key={c}>{c}</Code>
                  ))}
                </SimpleGrid>
              </Stack>
            </Group>
            <TextInput
              label="Authentication code"
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            <FormError message={error} />
            <Button type="submit" disabled={busy}>
              Turn on
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={enabled ? remove : start} noValidate>
          <Stack>
            <Text size="sm">
              {enabled
                ? 'Signing in asks for a code from your authenticator app.'
                : 'Ask for a code from an authenticator app at every sign-in.'}
            </Text>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <FormError message={error} />
            <Button
              type="submit"
              color={enabled ? 'red' : undefined}
              variant={enabled ? 'light' : 'filled'}
              disabled={busy}
            >
              {enabled ? 'Turn off two-factor authentication' : 'Set up two-factor authentication'}
            </Button>
          </Stack>
        </form>
      )}
    </Card>
  );
}
