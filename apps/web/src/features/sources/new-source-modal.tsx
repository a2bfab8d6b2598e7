import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@ocx/contracts';
import { refusalOr } from '../../api/client';
import { useCreateSource } from '../../api/mutations/use-source-mutations';
import { FormActions } from '../../components/form-actions';
import { formError, showServerError } from '../../components/forms/server-error';

export function NewSourceModal({
  websiteId,
  opened,
  onClose,
}: {
  websiteId: string;
  opened: boolean;
  onClose(): void;
}) {
  const form = useForm({
    initialValues: { name: '', description: '' },
    validate: { name: (name) => (name.trim() ? null : messages.sources.required) },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const create = useCreateSource(websiteId, {
    onSuccess: close,
    onError: (err) => showServerError(form, err, refusalOr(err, messages.sources.createFailed)),
  });
  const submit = form.onSubmit(({ name, description }) =>
    create.mutate({ name: name.trim(), description: description.trim() }),
  );
  return (
    <Modal opened={opened} onClose={close} title="New Traffic Source">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Source Name"
            placeholder="Email"
            {...form.getInputProps('name')}
            withAsterisk
            data-autofocus
          />
          <Textarea label="Description" rows={3} {...form.getInputProps('description')} />
          <FormActions error={formError(form)} onCancel={close} saving={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
