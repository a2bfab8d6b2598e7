import { Alert, Button, Card, Code, Stack, Table, Text, Title } from '@mantine/core';
import { type ApiToken, TOKEN_REVOCATION_REASONS } from '@ocx/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useApiTokenRevocation, useApiTokens, useRevokeApiToken } from '../../api/queries/use-api-tokens';
import { formatCount } from '../../components/count-format';
import { formatDateTime } from '../../components/date-format';
import { openConfirm } from '../../components/dialog-close';
import { FormError } from '../../components/form-error';
import { InlineLoader } from '../../components/full-page-loader';
import { ScrollTable } from '../../components/scroll-table';
import { NewApiTokenForm } from './new-api-token-form';

export const REVOKE_TOKEN_CONFIRM = 'Scripts that use it are refused from now on. This cannot be undone.';

/** Personal access tokens: scripts read the Application API with `Authorization: Bearer <token>`. */
export function ApiTokensCard() {
  return (
    <Card withBorder radius="md" padding="lg" aria-label="API tokens">
      <Title order={4}>API tokens</Title>
      <Text size="sm" c="dimmed" mb="sm">
        For scripts that read your clicks, conversions, funnels and reports with{' '}
        <Code>Authorization: Bearer &lt;token&gt;</Code>. Tokens are read-only.
      </Text>
      <Stack gap="md">
        <RevocationNotice />
        <NewApiTokenForm />
        <ApiTokenList />
      </Stack>
    </Card>
  );
}

/** Tokens OCX revoked on its own (a password reset, a second factor turned on or off): when and why. */
function RevocationNotice() {
  const { data } = useApiTokenRevocation();
  if (!data) return null;
  return (
    <Alert variant="light" color="yellow" icon={<IconInfoCircle />} data-testid="api-tokens-revoked">
      Your tokens were revoked on {formatDateTime(data.revokedAt)} because{' '}
      {TOKEN_REVOCATION_REASONS[data.reason]} (
      {data.count === 1 ? '1 token' : `${formatCount(data.count)} tokens`}). Scripts that used them are
      refused; create new ones if you still need them.
    </Alert>
  );
}

function ApiTokenList() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const confirmRevoke = (token: ApiToken) =>
    openConfirm({
      title: `Revoke "${token.name}"?`,
      children: <Text size="sm">{REVOKE_TOKEN_CONFIRM}</Text>,
      labels: { confirm: 'Revoke token', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(token.id),
    });

  if (tokens.isPending) return <InlineLoader label="Loading API tokens" />;
  if (tokens.error) return <FormError message={`Failed to load API tokens: ${tokens.error.message}`} />;
  if (tokens.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No API tokens yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <ScrollTable minWidth={560}>
        <Table verticalSpacing="xs" data-testid="api-tokens">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {token.name}
                  </Text>
                  <Code>{token.prefix}…</Code>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(token.createdAt)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {token.expiresAt ? formatDateTime(token.expiresAt) : 'No expiry'}
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => confirmRevoke(token)}
                    aria-label={`Revoke API token ${token.name}`}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <FormError message={revoke.isError ? 'Failed to revoke the token. Please try again.' : null} />
    </Stack>
  );
}
