import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { messages } from '@ocx/contracts';
import { isValidRootDomain, normalizeRootDomain } from '@ocx/core';
import { refusalOr } from '../../api/client';
import { useCreateWebsite } from '../../api/mutations/use-website-mutations';
import { dialogCloseProps } from '../dialog-close';
import { FormActions } from '../form-actions';
import { FORM_ERROR, formError, showServerError } from '../forms/server-error';
import { exampleHost } from './example-host';

const MODAL_ID = 'new-website';

export function openNewWebsiteModal(onCreated: (id: string) => void) {
  modals.open({
    modalId: MODAL_ID,
    title: 'New website',
    closeButtonProps: dialogCloseProps('New website'),
    children: <NewWebsiteForm onCreated={onCreated} />,
  });
}

function NewWebsiteForm({ onCreated }: { onCreated: (id: string) => void }) {
  const form = useForm({
    initialValues: { name: '', rootDomain: '' },
    // The domain is optional here; one that is typed is checked as it is typed.
    validateInputOnChange: ['rootDomain'],
    validate: {
      name: (name) => (name.trim() ? null : messages.config.nameRequired),
      rootDomain: (domain) =>
        domain.trim() && !isValidRootDomain(domain)
          ? messages.config.invalidDomainExample(exampleHost())
          : null,
    },
  });
  const create = useCreateWebsite({
    onSuccess: (website) => {
      onCreated(website.id);
      modals.close(MODAL_ID);
      notifications.show({ color: 'ocx', message: `Website "${website.name}" created` });
    },
    onError: (err) => showServerError(form, err, refusalOr(err, messages.config.createFailed)),
  });

  const submit = form.onSubmit(
    ({ name, rootDomain }) =>
      create.mutate({ name: name.trim(), rootDomain: normalizeRootDomain(rootDomain) }),
    // A wrong domain is said at the field as it is typed; saving it anyway is refused above the buttons.
    (errors) => {
      if (!errors.name && errors.rootDomain) form.setFieldError(FORM_ERROR, messages.config.fixDomain);
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Website Name"
          placeholder="My Website"
          {...form.getInputProps('name')}
          data-autofocus
          withAsterisk
        />
        <TextInput
          label="Root Domain"
          description="You can add it later in Website Configuration."
          placeholder={exampleHost()}
          {...form.getInputProps('rootDomain')}
        />
        <FormActions
          error={formError(form)}
          onCancel={() => modals.close(MODAL_ID)}
          saving={create.isPending}
          submitLabel="Create website"
        />
      </Stack>
    </form>
  );
}
