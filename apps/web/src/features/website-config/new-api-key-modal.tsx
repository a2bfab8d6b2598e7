import { Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError } from '../../api/client';
import { useCreateApiKey } from '../../api/mutations/use-api-key-mutations';
import { CopyButton } from '../../components/copy-button';
import { dialogCloseProps } from '../../components/dialog-close';
import { FormActions } from '../../components/form-actions';
import { formError, showServerError } from '../../components/forms/server-error';
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
  const form = useForm({ initialValues: { name: '' } });
  const create = useCreateApiKey(websiteId);
  // The key shows once, from the answer itself; closing forgets it.
  const created = create.data ?? null;

  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  const submit = form.onSubmit(({ name }) =>
    create.mutate(name.trim() || 'API key', {
      onError: (err) =>
        showServerError(
          form,
          err,
          err instanceof ApiError && err.status === 400
            ? err.message
            : 'Failed to create the API key. Please try again.',
        ),
    }),
  );

  const title = created ? 'Your new API key' : 'Create API key';
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      closeButtonProps={dialogCloseProps(title)}
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
              {...form.getInputProps('name')}
              maxLength={100}
              data-autofocus
            />
            <FormActions
              error={formError(form)}
              onCancel={close}
              saving={create.isPending}
              submitLabel="Create key"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
