import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { DESCRIPTION_MAX, messages, NAME_MAX, NewTrafficSource, type TrafficSource } from '@ocx/contracts';
import { refusalOr } from '../../api/client';
import { useCreateSource, useUpdateSource } from '../../api/mutations/use-source-mutations';
import { dialogCloseProps } from '../../components/dialog-close';
import { FormActions } from '../../components/form-actions';
import { formError, showServerError } from '../../components/forms/server-error';

/** New Traffic Source, or Edit Source when given one: the same fields and rules either way. */
export function SourceFormModal({
  websiteId,
  source = null,
  opened,
  onClose,
}: {
  websiteId: string;
  source?: TrafficSource | null;
  opened: boolean;
  onClose(): void;
}) {
  const form = useForm({
    initialValues: { name: source?.name ?? '', description: source?.description ?? '' },
    // The contract's rules, in its words ('Please fill in all required fields' for an empty name).
    validate: schemaResolver(NewTrafficSource, { sync: true }),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const onError = (err: Error) =>
    showServerError(
      form,
      err,
      refusalOr(err, source ? messages.sources.updateFailed : messages.sources.createFailed),
    );
  const create = useCreateSource(websiteId, { onSuccess: close, onError });
  const update = useUpdateSource(websiteId, { onSuccess: close, onError });
  const submit = form.onSubmit(({ name, description }) => {
    const input = { name: name.trim(), description: description.trim() };
    if (source) update.mutate({ id: source.id, input });
    else create.mutate(input);
  });
  const title = source ? `Edit source "${source.name}"` : 'New Traffic Source';
  return (
    <Modal opened={opened} onClose={close} title={title} closeButtonProps={dialogCloseProps(title)}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Source Name"
            placeholder="Email"
            maxLength={NAME_MAX}
            {...form.getInputProps('name')}
            withAsterisk
            data-autofocus
          />
          <Textarea
            label="Description"
            rows={3}
            maxLength={DESCRIPTION_MAX}
            {...form.getInputProps('description')}
          />
          <FormActions
            error={formError(form)}
            onCancel={close}
            saving={create.isPending || update.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
