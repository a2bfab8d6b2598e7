import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DeleteAccountDialog } from './delete-account-dialog';

/** Deletes the account after the password and a look at what goes and what stays. */
export function DeleteAccountCard() {
  const [password, setPassword] = useState('');
  const [opened, setOpened] = useState(false);

  return (
    <Card withBorder radius="md" padding="lg" aria-label="Delete account">
      <Title order={4} mb="sm" c="red">
        Delete account
      </Title>
      <Stack>
        <Text size="sm">
          Deletes your account and the organizations only you belong to, with their websites and all their
          events. Organizations you share with others stay, with their websites and data: you leave them.
        </Text>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Button color="red" variant="light" disabled={!password} onClick={() => setOpened(true)}>
          Delete account
        </Button>
      </Stack>
      <DeleteAccountDialog opened={opened} password={password} onClose={() => setOpened(false)} />
    </Card>
  );
}
