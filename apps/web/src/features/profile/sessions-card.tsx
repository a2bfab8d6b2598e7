import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { accountApi } from '../../api/account.api';
import { authApi } from '../../api/auth.api';
import { queryKeys } from '../../api/queries/query-keys';
import { useAccountSessions } from '../../api/queries/use-account-sessions';
import { formatDateTime } from '../../components/date-format';
import { ErrorPanel } from '../../components/error-panel';
import { FormError } from '../../components/form-error';

/** Where the user is signed in; sign out one session or every other one. */
export function SessionsCard() {
  const sessions = useAccountSessions();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
  const act = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
    } catch {
      setError(messages.auth.unexpected);
    }
    await refresh();
  };

  return (
    <Card withBorder radius="md" padding="lg" aria-label="Active sessions">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Active sessions</Title>
        <Button size="xs" variant="light" onClick={() => act(authApi.revokeOtherSessions)}>
          Sign out all other sessions
        </Button>
      </Group>
      {sessions.isError ? (
        <ErrorPanel message="Failed to load your sessions" />
      ) : (
        <Stack gap="xs">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>Last seen</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(sessions.data ?? []).map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Text size="sm">{s.device}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(s.lastSeen)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {s.current ? (
                      <Badge variant="light">This browser</Badge>
                    ) : (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() => act(() => accountApi.revokeSession(s.id))}
                      >
                        Sign out
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <FormError message={error} />
        </Stack>
      )}
    </Card>
  );
}
