import { Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages, type TemplateCategory } from '@ocx/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { useInvalidateWorkspace } from '../../api/queries/use-invalidate-workspace';
import { workspaceApi } from '../../api/workspace.api';
import { FormActions } from '../../components/form-actions';
import type { BuilderState } from './builder-state';

const CATEGORIES: { value: TemplateCategory; label: string }[] = [
  { value: 'platform', label: 'By Platform' },
  { value: 'goal', label: 'By Goal' },
  { value: 'product', label: 'By Product' },
];

/** Saves the builder's network, source, UTM and custom parameters (never the ocxid) as a template. */
export function SaveTemplateModal({
  websiteId,
  state,
  opened,
  onClose,
}: {
  websiteId: string;
  state: BuilderState;
  opened: boolean;
  onClose(): void;
}) {
  const invalidate = useInvalidateWorkspace(websiteId);
  const [name, setName] = useState('');
  const [category, setCategory] = useState<TemplateCategory>('platform');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setName('');
    setCategory('platform');
    setDescription('');
    setError(null);
    onClose();
  };
  const save = useMutation({
    mutationFn: () =>
      workspaceApi.createTemplate(websiteId, {
        name: name.trim(),
        category,
        description: description.trim(),
        network: state.network,
        source: state.source,
        utmParameters: state.utm,
        customParameters: state.params,
      }),
    onSuccess: async () => {
      await invalidate();
      notifications.show({ color: 'ocx', message: messages.templates.saved });
      close();
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : messages.common.unexpected),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    save.mutate();
  };
  return (
    <Modal opened={opened} onClose={close} title="Save as Template">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Template Name"
            placeholder="Facebook Lead Gen"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            withAsterisk
            data-autofocus
          />
          <Select
            label="Category"
            data={CATEGORIES}
            value={category}
            onChange={(v) => setCategory((v as TemplateCategory | null) ?? 'platform')}
            allowDeselect={false}
          />
          <Textarea
            label="Description"
            description="Optional"
            rows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <FormActions
            error={error}
            onCancel={close}
            saving={save.isPending}
            submitLabel="Save Template"
            disabled={!name.trim()}
          />
        </Stack>
      </form>
    </Modal>
  );
}
