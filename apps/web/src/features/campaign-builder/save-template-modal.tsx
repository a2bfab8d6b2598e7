import { Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { messages, type TemplateCategory } from '@ocx/contracts';
import { ApiError } from '../../api/client';
import { useCreateTemplate } from '../../api/mutations/use-campaign-mutations';
import { dialogCloseProps } from '../../components/dialog-close';
import { FormActions } from '../../components/form-actions';
import { formError, showServerError } from '../../components/forms/server-error';
import type { BuilderState } from './builder-state';

const CATEGORIES: { value: TemplateCategory; label: string }[] = [
  { value: 'platform', label: 'By Platform' },
  { value: 'goal', label: 'By Goal' },
  { value: 'product', label: 'By Product' },
];

/**
 * Saves the builder's network, source, UTM and custom parameters as a template; never the ocxid nor
 * utm_campaign, which belong to this campaign (a template's campaign tag would merge the campaigns
 * made from it in every report).
 */
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
  const form = useForm({
    initialValues: { name: '', category: 'platform' as TemplateCategory, description: '' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const save = useCreateTemplate(websiteId, {
    onSuccess: () => {
      notifications.show({ color: 'ocx', message: messages.templates.saved });
      close();
    },
    onError: (err) =>
      showServerError(form, err, err instanceof ApiError ? err.message : messages.common.unexpected),
  });
  const submit = form.onSubmit(({ name, category, description }) => {
    if (!name.trim()) return;
    save.mutate({
      name: name.trim(),
      category,
      description: description.trim(),
      network: state.network,
      source: state.source,
      utmParameters: {
        source: state.utm.source,
        medium: state.utm.medium,
        term: state.utm.term,
        content: state.utm.content,
      },
      customParameters: state.params,
    });
  });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Save as Template"
      closeButtonProps={dialogCloseProps('Save as Template')}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Template Name"
            placeholder="Facebook Lead Gen"
            {...form.getInputProps('name')}
            withAsterisk
            data-autofocus
          />
          <Select
            label="Category"
            data={CATEGORIES}
            value={form.values.category}
            onChange={(v) => form.setFieldValue('category', (v as TemplateCategory | null) ?? 'platform')}
            allowDeselect={false}
          />
          <Textarea
            label="Description"
            description="Optional"
            rows={2}
            {...form.getInputProps('description')}
          />
          <FormActions
            error={formError(form)}
            onCancel={close}
            saving={save.isPending}
            submitLabel="Save Template"
            disabled={!form.values.name.trim()}
          />
        </Stack>
      </form>
    </Modal>
  );
}
