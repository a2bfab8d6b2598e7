import { Button, Code, Loader, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ApiKey, Website } from '@ocx/contracts';
import { IconKeyOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiKeys } from '../../api/queries/use-api-keys';
import { formatDateTime } from '../../components/date-format';
import { FormError } from '../../components/form-error';
import { ConfigSection } from './config-section';
import { NewApiKeyModal } from './new-api-key-modal';
import { SaveFirstHint } from './save-first-hint';
import { useRevokeApiKey } from './use-api-key-mutations';

export function ApiKeysSection({ website }: { website: Website | null }) {
  const [opened, setOpened] = useState(false);
  const create = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setOpened(true)} disabled={!website}>
      Create API key
    </Button>
  );
  return (
    <ConfigSection
      title="API Keys"
      description="For server-to-server conversions: your own server reports a sale with POST /api/v1/conversions."
      action={website ? create : <Tooltip label="Save the configuration first">{create}</Tooltip>}
    >
      {website ? (
        <>
          <ApiKeyList websiteId={website.id} />
          <NewApiKeyModal websiteId={website.id} opened={opened} onClose={() => setOpened(false)} />
        </>
      ) : (
        <SaveFirstHint what="create API keys" />
      )}
    </ConfigSection>
  );
}

function ApiKeyList({ websiteId }: { websiteId: string }) {
  const keys = useApiKeys(websiteId);
  const revoke = useRevokeApiKey(websiteId);

  const confirmRevoke = (key: ApiKey) =>
    modals.openConfirmModal({
      title: 'Revoke API key',
      children: (
        <Text size="sm">
          Revoke "{key.name}"? Requests that use it are refused from now on. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Revoke key', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(key.id, {
          onSuccess: () => notifications.show({ color: 'ocx', message: `API key "${key.name}" revoked` }),
          onError: () =>
            notifications.show({ color: 'red', message: 'Failed to revoke the API key. Please try again.' }),
        }),
    });

  if (keys.isPending) return <Loader size="sm" aria-label="Loading API keys" />;
  if (keys.error) return <FormError message={`Failed to load API keys: ${keys.error.message}`} />;
  if (keys.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No API keys yet. Create one for each server that reports conversions.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="api-keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th w={100} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.data.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td fw={500}>{key.name}</Table.Td>
              <Table.Td>
                <Code>{key.prefix}…</Code>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(key.createdAt)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {key.lastUsedAt ? (
                  formatDateTime(key.lastUsedAt)
                ) : (
                  <Text c="dimmed" size="sm" span>
                    Never
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconKeyOff size={14} />}
                  onClick={() => confirmRevoke(key)}
                  loading={revoke.isPending && revoke.variables === key.id}
                  aria-label={`Revoke API key ${key.name}`}
                >
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
