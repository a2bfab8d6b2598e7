import {
  Button,
  Card,
  Flex,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { messages } from '@ocx/contracts';
import { passwordProblem } from '@ocx/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { authApi } from '../../api/auth.api';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { useSession } from '../../api/queries/use-session';
import { FormError } from '../../components/form-error';
import { looksLikeEmail } from '../../components/forms/looks-like-email';
import { FORM_ERROR, formError } from '../../components/forms/server-error';

const serverText = (err: unknown) =>
  err instanceof ApiError && err.serverMessage ? err.serverMessage : messages.auth.unexpected;

/**
 * One small form's confirmation line and its submit: the work's answer is shown under the form; a
 * refusal goes to the field `fieldOf` names for it, else above the form's end.
 */
function useDone<Values>(
  form: UseFormReturnType<Values>,
  fieldOf: (text: string) => string | null = () => null,
) {
  const [done, setDone] = useState<string | null>(null);
  const submit = (work: (values: Values) => Promise<string>) =>
    form.onSubmit(async (values) => {
      setDone(null);
      try {
        setDone(await work(values));
      } catch (err) {
        const text = serverText(err);
        form.setFieldError(fieldOf(text) ?? FORM_ERROR, text);
      }
    });
  return { done, submit };
}

/** A wrong current password is said under that field, in the server's words. */
const passwordRefusalField = (text: string) => (/^invalid password$/i.test(text) ? 'current' : null);

/** Name, email (changed by mail confirmation) and password (other sessions end). */
export function AccountCard() {
  const session = useSession();
  const queryClient = useQueryClient();
  const user = session.data?.user;
  const nameForm = useForm({ initialValues: { name: user?.name ?? '' } });
  const emailForm = useForm({
    initialValues: { email: '' },
    validate: { email: (email) => (looksLikeEmail(email.trim()) ? null : messages.auth.invalidEmail) },
  });
  // The new password follows the rule the server applies too (packages/core password-rule.ts).
  const passwordForm = useForm({
    initialValues: { current: '', next: '' },
    validate: { next: passwordProblem },
  });
  const name = useDone(nameForm);
  const email = useDone(emailForm);
  const password = useDone(passwordForm, passwordRefusalField);
  const refreshSession = () =>
    queryClient.fetchQuery({ queryKey: queryKeys.session, queryFn: authApi.getSession, staleTime: 0 });

  return (
    <Card withBorder radius="md" padding="lg" aria-label="Account">
      <Title order={4} mb="sm">
        Account
      </Title>
      <Stack gap="lg">
        <form
          onSubmit={name.submit(async (values) => {
            await authApi.updateName(values.name.trim());
            await refreshSession();
            return 'Name saved.';
          })}
        >
          <Group align="flex-end">
            <TextInput label="Name" {...nameForm.getInputProps('name')} flex={1} />
            <Button
              type="submit"
              variant="light"
              disabled={nameForm.submitting || !nameForm.values.name.trim()}
            >
              Save name
            </Button>
          </Group>
          <FormError message={formError(nameForm)} />
          {name.done ? <Text size="sm">{name.done}</Text> : null}
        </form>
        <form
          noValidate
          onSubmit={email.submit(async (values) => {
            const address = values.email.trim();
            await authApi.changeEmail(address);
            return user?.emailVerified
              ? `We mailed ${user.email} a link to confirm the change; then ${address} gets one to verify.`
              : `We mailed ${address} a link to verify it.`;
          })}
        >
          {/* On a phone the button goes under the field: beside it the field cuts its placeholder. */}
          <Flex
            direction={{ base: 'column', xs: 'row' }}
            align={{ base: 'stretch', xs: 'flex-end' }}
            gap="md"
          >
            <TextInput
              label="Email"
              description={`Now ${user?.email ?? ''}`}
              type="email"
              placeholder="new@company.com"
              {...emailForm.getInputProps('email')}
              flex={1}
            />
            <Button
              type="submit"
              variant="light"
              disabled={emailForm.submitting || !emailForm.values.email.trim()}
            >
              Change email
            </Button>
          </Flex>
          <FormError message={formError(emailForm)} />
          {email.done ? <Text size="sm">{email.done}</Text> : null}
        </form>
        <form
          onSubmit={password.submit(async (values) => {
            await authApi.changePassword(values.current, values.next);
            passwordForm.reset();
            await queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
            return 'Password changed. Your other sessions were signed out.';
          })}
        >
          <Stack gap="xs">
            {/* The rule goes under its field, so both fields sit at the same height side by side. */}
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <PasswordInput
                label="Current password"
                autoComplete="current-password"
                {...passwordForm.getInputProps('current')}
                aria-invalid={!!passwordForm.errors.current}
              />
              <PasswordInput
                label="New password"
                description="At least 10 characters, and not a common one"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                autoComplete="new-password"
                {...passwordForm.getInputProps('next')}
                aria-invalid={!!passwordForm.errors.next}
              />
            </SimpleGrid>
            <Group>
              <Button
                type="submit"
                variant="light"
                disabled={
                  passwordForm.submitting || !passwordForm.values.current || !passwordForm.values.next
                }
              >
                Change password
              </Button>
            </Group>
            <FormError message={formError(passwordForm)} />
            {password.done ? <Text size="sm">{password.done}</Text> : null}
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
