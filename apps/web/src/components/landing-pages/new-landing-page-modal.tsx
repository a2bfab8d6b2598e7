import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LANDING_PATH_PATTERN, type LandingPage, messages, type Website } from '@ocx/contracts';
import { refusalOr, serverAnswered } from '../../api/client';
import { useCreateLandingPage } from '../../api/mutations/use-landing-page-mutations';
import { FormActions } from '../form-actions';
import { formError, showServerError } from '../forms/server-error';

export function NewLandingPageModal({
  website,
  opened,
  onClose,
  onCreated,
}: {
  website: Website;
  opened: boolean;
  onClose(): void;
  onCreated?(page: LandingPage): void;
}) {
  const form = useForm({
    initialValues: { name: '', path: '' },
    validate: {
      name: (name) => (name.trim() ? null : messages.landingPages.nameRequired),
      path: (path) => (LANDING_PATH_PATTERN.test(path.trim()) ? null : messages.landingPages.path),
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const create = useCreateLandingPage(website.id, {
    onSuccess: (page) => {
      onCreated?.(page);
      close();
    },
    onError: (err) =>
      showServerError(
        form,
        err,
        !serverAnswered(err)
          ? messages.landingPages.saveError
          : refusalOr(err, messages.landingPages.createFailed),
      ),
  });
  const submit = form.onSubmit(({ name, path }) => create.mutate({ name: name.trim(), path: path.trim() }));
  return (
    <Modal opened={opened} onClose={close} title="New Landing Page">
      {!website.rootDomain ? (
        <Alert color="yellow" variant="light">
          {messages.landingPages.domainRequired}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Name"
              placeholder="Homepage"
              {...form.getInputProps('name')}
              withAsterisk
              data-autofocus
            />
            <TextInput
              label="Path"
              placeholder="homepage"
              leftSection={<span>{website.rootDomain}/</span>}
              leftSectionWidth={Math.min(260, 14 + (website.rootDomain.length + 1) * 7.5)}
              leftSectionProps={{ style: { justifyContent: 'flex-end', paddingRight: 2 } }}
              {...form.getInputProps('path')}
              description="Letters, numbers, hyphens and underscores; empty for the home page"
            />
            <FormActions error={formError(form)} onCancel={close} saving={create.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
