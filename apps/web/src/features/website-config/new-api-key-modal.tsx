import { Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { NewApiKeyResult } from '@ocx/contracts';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { useCreateApiKey } from '../../api/mutations/use-api-key-mutations';
import { CopyButton } from '../../components/copy-button';
import { FormActions } from '../../components/form-actions';
import { OnceShownSecret } from '../../components/once-shown-secret';
import { curlExample } from './integrations-format';

/** Asks for a name, then shows the new key once, with a copy button and how to use it. */
export function NewApiKeyModal({
  websiteId,
  opened,
  onClose,
}: {
  websiteId: string;
  opened: boolean;
  onClose(): void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<NewApiKeyResult | null>(null);
  const create = useCreateApiKey(websiteId);

  const close = () => {
    setName('');
    setError(null);
    setCreated(null);
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(name.trim() || 'API key', {
      onSuccess: setCreated,
      onError: (err) =>
        setError(
          err instanceof ApiError && err.status === 400
            ? err.message
            : 'Failed to create the API key. Please try again.',
        ),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? 'Your new API key' : 'Create API key'}
      size={created ? 'xl' : 'md'}
      // The key exists only in this dialog: no closing it by a stray click outside.
      closeOnClickOutside={!created}
    >
      {created ? (
        <Stack>
          <OnceShownSecret
            warning="Copy this key now. It will not be shown again."
            name={created.name}
            value={created.key}
            copyLabel="Copy key"
            testId="new-api-key"
          />
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                Send a conversion from your server
              </Text>
              <CopyButton value={curlExample(window.location.origin, created.key)} label="Copy example" />
            </Group>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {curlExample(window.location.origin, created.key)}
            </Code>
            <Text size="xs" c="dimmed">
              Tie the conversion to a visit with ocxid, clickId or visitorId. A repeated dedupeKey (your order
              id) is stored once.
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Name"
              description="Where the key is used, to tell keys apart"
              placeholder="Checkout server"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={100}
              data-autofocus
            />
            <FormActions error={error} onCancel={close} saving={create.isPending} submitLabel="Create key" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
