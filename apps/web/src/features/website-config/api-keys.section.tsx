import { Button, Text, Tooltip } from '@mantine/core';
import type { Website } from '@ocx/contracts';
import { IconKeyOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useRevokeApiKey } from '../../api/mutations/use-api-key-mutations';
import { useApiKeys } from '../../api/queries/use-api-keys';
import { ConfigSection } from './config-section';
import { NewApiKeyModal } from './new-api-key-modal';
import { RevocableTable, SecretPrefix } from './revocable-table';
import { SaveFirstHint } from './save-first-hint';

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
  return (
    <RevocableTable
      query={useApiKeys(websiteId)}
      revoke={useRevokeApiKey(websiteId)}
      noun="API key"
      testId="api-keys"
      empty="No API keys yet. Create one for each server that reports conversions."
      columns={[
        {
          header: 'Name',
          cell: (key) => (
            <Text fw={500} size="sm">
              {key.name}
            </Text>
          ),
        },
        { header: 'Key', cell: (key) => <SecretPrefix prefix={key.prefix} /> },
      ]}
      lastUse={{ header: 'Last used', at: (key) => key.lastUsedAt }}
      revokeIcon={<IconKeyOff size={14} />}
      buttonLabel={(key) => `Revoke API key ${key.name}`}
      question={(key) => `Revoke "${key.name}"? Requests that use it are refused from now on.`}
      confirmLabel="Revoke key"
      revokedMessage={(key) => `API key "${key.name}" revoked`}
    />
  );
}
