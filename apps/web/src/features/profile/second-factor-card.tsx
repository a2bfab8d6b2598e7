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
import { useForm } from '@mantine/form';
import { messages } from '@ocx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { toDataURL } from 'qrcode';
import { useState } from 'react';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { useSession } from '../../api/queries/use-session';
import { FormError } from '../../components/form-error';
import { FORM_ERROR, formError } from '../../components/forms/server-error';

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
  const passwordForm = useForm({
    initialValues: { password: '' },
    validate: { password: (password) => (password ? null : messages.auth.passwordRequired) },
  });
  const codeForm = useForm({ initialValues: { code: '' } });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const enabled = !!session.data?.user.twoFactorEnabled;

  /** A wrong password or code is said under its field; anything else above the button. */
  const refused = (err: unknown) => {
    if (enrolment) {
      if (err instanceof ApiError && err.status === 401)
        codeForm.setFieldError('code', messages.auth.invalidCode);
      else codeForm.setFieldError(FORM_ERROR, serverText(err));
      return;
    }
    const text = serverText(err);
    passwordForm.setFieldError(/^invalid password$/i.test(text) ? 'password' : FORM_ERROR, text);
  };
  const run = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      refused(err);
    }
  };
  // Turning the factor on or off also revokes every API token (the tokens card shows why).
  const refreshSession = async () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens });
    await queryClient.fetchQuery({ queryKey: queryKeys.session, queryFn: authApi.getSession, staleTime: 0 });
  };

  const start = passwordForm.onSubmit(({ password }) =>
    run(async () => {
      const { totpURI, backupCodes } = await authApi.enableTwoFactor(password);
      const secret = new URL(totpURI).searchParams.get('secret') ?? '';
      setEnrolment({ qr: await toDataURL(totpURI, { margin: 1, width: 200 }), secret, backupCodes });
      passwordForm.reset();
    }),
  );
  const confirm = codeForm.onSubmit(({ code }) =>
    run(async () => {
      await authApi.verifyTotp(code.replace(/\s/g, ''));
      setEnrolment(null);
      codeForm.reset();
      await refreshSession();
    }),
  );
  const remove = passwordForm.onSubmit(({ password }) =>
    run(async () => {
      await authApi.disableTwoFactor(password);
      passwordForm.reset();
      await refreshSession();
    }),
  );

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
              {...codeForm.getInputProps('code')}
            />
            <FormError message={formError(codeForm)} />
            <Button type="submit" disabled={codeForm.submitting}>
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
              {...passwordForm.getInputProps('password')}
              // Mantine marks only data-invalid here; screen readers need the aria state too.
              aria-invalid={!!passwordForm.errors.password}
            />
            <FormError message={formError(passwordForm)} />
            <Button
              type="submit"
              color={enabled ? 'red' : undefined}
              variant={enabled ? 'light' : 'filled'}
              disabled={passwordForm.submitting}
            >
              {enabled ? 'Turn off two-factor authentication' : 'Set up two-factor authentication'}
            </Button>
          </Stack>
        </form>
      )}
    </Card>
  );
}
