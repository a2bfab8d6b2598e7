import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { showServerError } from '../../components/forms/server-error';
import { DeleteAccountDialog } from './delete-account-dialog';

/** Deletes the account after the password and a look at what goes and what stays. */
export function DeleteAccountCard() {
  const form = useForm({ initialValues: { password: '' } });
  const [opened, setOpened] = useState(false);
  const { password } = form.values;

  return (
    <Card withBorder radius="md" padding="lg" aria-label="Delete account">
      <Title order={4} mb="sm" c="red">
        Delete account
      </Title>
      <form onSubmit={form.onSubmit(() => setOpened(true))} noValidate>
        <Stack>
          <Text size="sm">
            Deletes your account and the organizations only you belong to, with their websites and all their
            events. Organizations you share with others stay, with their websites and data: you leave them.
          </Text>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
            // Mantine marks only data-invalid here; screen readers need the aria state too.
            aria-invalid={!!form.errors.password}
          />
          <Button type="submit" color="red" variant="light" disabled={!password}>
            Delete account
          </Button>
        </Stack>
      </form>
      {/* Outside the form: the dialog's own form must not submit this one. */}
      <DeleteAccountDialog
        opened={opened}
        password={password}
        onClose={() => setOpened(false)}
        onPasswordRefused={(err) => {
          // A wrong password is said at its field, which the dialog covered.
          setOpened(false);
          showServerError(form, err, err.message);
        }}
      />
    </Card>
  );
}
