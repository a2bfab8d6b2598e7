import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { refusalOr } from '../../api/client';
import { useInvalidateWorkspace } from '../../api/queries/use-invalidate-workspace';
import { workspaceApi } from '../../api/workspace.api';
import { FormActions } from '../../components/form-actions';

export function NewSourceModal({
  websiteId,
  opened,
  onClose,
}: {
  websiteId: string;
  opened: boolean;
  onClose(): void;
}) {
  const invalidate = useInvalidateWorkspace(websiteId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setName('');
    setDescription('');
    setError(null);
    onClose();
  };
  const create = useMutation({
    mutationFn: () =>
      workspaceApi.createSource(websiteId, { name: name.trim(), description: description.trim() }),
    onSuccess: async () => {
      await invalidate();
      close();
    },
    onError: (err) => setError(refusalOr(err, messages.sources.createFailed)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(messages.sources.required);
    setError(null);
    create.mutate();
  };
  return (
    <Modal opened={opened} onClose={close} title="New Traffic Source">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Source Name"
            placeholder="Email"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            withAsterisk
            data-autofocus
          />
          <Textarea
            label="Description"
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <FormActions error={error} onCancel={close} saving={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
