import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  LANDING_INPUT_MAX,
  type LandingPage,
  messages,
  NAME_MAX,
  tooLong,
  type Website,
} from '@ocx/contracts';
import { landingPathRule } from '@ocx/core';
import { refusalOr, serverAnswered } from '../../api/client';
import { useCreateLandingPage, useUpdateLandingPage } from '../../api/mutations/use-landing-page-mutations';
import { dialogCloseProps } from '../dialog-close';
import { FormActions } from '../form-actions';
import { formError, showServerError } from '../forms/server-error';

/** New Landing Page, or Edit Landing Page when given one: the same fields and rules either way. */
export function LandingPageFormModal({
  website,
  page = null,
  opened,
  onClose,
  onCreated,
}: {
  website: Website;
  page?: LandingPage | null;
  opened: boolean;
  onClose(): void;
  onCreated?(page: LandingPage): void;
}) {
  const form = useForm({
    initialValues: { name: page?.name ?? '', path: page?.path ?? '' },
    // Both fields are checked at once, with the server's rules (landingPathRule is the one it applies).
    validate: {
      name: (name) =>
        !name.trim()
          ? messages.landingPages.nameRequired
          : name.trim().length > NAME_MAX
            ? tooLong(NAME_MAX)
            : null,
      path: (path) => landingPathRule(path, website.rootDomain).error,
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const onError = (err: Error) =>
    showServerError(
      form,
      err,
      !serverAnswered(err)
        ? messages.landingPages.saveError
        : refusalOr(err, page ? messages.landingPages.saveError : messages.landingPages.createFailed),
    );
  const create = useCreateLandingPage(website.id, {
    onSuccess: (created) => {
      onCreated?.(created);
      close();
    },
    onError,
  });
  const update = useUpdateLandingPage(website.id, { onSuccess: close, onError });
  const submit = form.onSubmit(({ name, path }) => {
    // The path as the server stores it: a pasted address of the page becomes its path.
    const input = { name: name.trim(), path: landingPathRule(path, website.rootDomain).path ?? path.trim() };
    if (page) update.mutate({ id: page.id, input });
    else create.mutate(input);
  });
  const title = page ? `Edit landing page "${page.name}"` : 'New Landing Page';
  return (
    <Modal opened={opened} onClose={close} title={title} closeButtonProps={dialogCloseProps(title)}>
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
              maxLength={NAME_MAX}
              {...form.getInputProps('name')}
              withAsterisk
              data-autofocus
            />
            <TextInput
              label="Path"
              placeholder="homepage"
              maxLength={LANDING_INPUT_MAX}
              leftSection={<span>{website.rootDomain}/</span>}
              leftSectionWidth={Math.min(260, 14 + (website.rootDomain.length + 1) * 7.5)}
              leftSectionProps={{ style: { justifyContent: 'flex-end', paddingRight: 2 } }}
              {...form.getInputProps('path')}
              description="Letters, numbers, hyphens and underscores, with a slash between parts (products/pour-over-kit), or the page's address; empty for the home page"
            />
            <FormActions
              error={formError(form)}
              onCancel={close}
              saving={create.isPending || update.isPending}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
