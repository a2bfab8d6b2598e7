import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { type LinkedAccount, oauthApi } from '../../api/oauth.api';
import { useAuthProviders } from '../../api/queries/use-auth-providers';
import { useLinkedAccounts, useUnlinkAccount } from '../../api/queries/use-linked-accounts';
import { openConfirm } from '../../components/dialog-close';
import { ErrorPanel } from '../../components/error-panel';
import { FormError } from '../../components/form-error';
import { providerError } from '../login/provider-error';

interface Row {
  providerId: string;
  name: string;
  account: LinkedAccount | null;
}

/** The password first, then every configured provider, then any linked one no longer configured. */
function rows(linked: LinkedAccount[], configured: { id: string; name: string }[]): Row[] {
  const find = (id: string) => linked.find((a) => a.providerId === id) ?? null;
  const known = [{ id: 'credential', name: 'Email and password' }, ...configured];
  const others = linked.filter((a) => !known.some((k) => k.id === a.providerId));
  return [
    ...known.map((k) => ({ providerId: k.id, name: k.name, account: find(k.id) })),
    ...others.map((a) => ({ providerId: a.providerId, name: a.providerId, account: a })),
  ].filter((r) => r.account || r.providerId !== 'credential');
}

/** Connect Google or the OIDC provider to this account, or disconnect one (never the last way in). */
export function ConnectedAccountsCard() {
  const accounts = useLinkedAccounts();
  // The one way left to sign in is not offered for removal (better-auth would refuse it anyway).
  const lastWayIn = (accounts.data ?? []).length === 1;
  const providers = useAuthProviders();
  const unlink = useUnlinkAccount();
  const [params] = useSearchParams();
  // A refused link comes back to the profile with ?error=….
  const [error, setError] = useState<string | null>(() => providerError(params));
  const [busy, setBusy] = useState<string | null>(null);

  const connect = async (providerId: string) => {
    setBusy(providerId);
    setError(null);
    try {
      window.location.assign((await oauthApi.link(providerId)).url);
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : messages.auth.unexpected);
      setBusy(null);
    }
  };
  const disconnect = (row: Row) =>
    openConfirm({
      title: `Disconnect ${row.name}`,
      children: <Text size="sm">{messages.auth.unlinkConfirm(row.name)}</Text>,
      labels: { confirm: 'Disconnect', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setError(null);
        unlink.mutate(row.account?.id ?? '', {
          // better-auth's own words, e.g. that the last account cannot be unlinked.
          onError: (err) =>
            setError(
              err instanceof ApiError && err.serverMessage ? err.serverMessage : messages.auth.unexpected,
            ),
        });
      },
    });

  return (
    <Card withBorder radius="md" padding="lg" aria-label="Connected accounts">
      <Title order={4} mb="sm">
        Connected accounts
      </Title>
      {accounts.isError ? (
        <ErrorPanel message="Failed to load your connected accounts" />
      ) : (
        <Stack gap="xs">
          <Table>
            <Table.Tbody>
              {rows(accounts.data ?? [], providers.data ?? []).map((row) => (
                <Table.Tr key={row.providerId}>
                  <Table.Td>
                    <Text size="sm">{row.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    {/* Whole at 390 px: a badge's label would otherwise shrink to an ellipsis ("CO…"). */}
                    {row.account ? (
                      <Badge variant="light" miw="max-content">
                        Connected
                      </Badge>
                    ) : (
                      <Badge variant="light" color="gray" miw="max-content">
                        Not connected
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Group justify="flex-end">
                      {row.account && lastWayIn ? (
                        <Text size="xs" c="dimmed">
                          Your only way to sign in
                        </Text>
                      ) : row.account ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          aria-label={`Disconnect ${row.name}`}
                          onClick={() => disconnect(row)}
                        >
                          Disconnect
                        </Button>
                      ) : (
                        <Button
                          size="compact-xs"
                          variant="light"
                          loading={busy === row.providerId}
                          aria-label={`Connect ${row.name}`}
                          onClick={() => connect(row.providerId)}
                        >
                          Connect
                        </Button>
                      )}
                    </Group>
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
