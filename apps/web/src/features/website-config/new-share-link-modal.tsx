import { Button, Checkbox, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@ocx/contracts';
import { ApiError } from '../../api/client';
import { useCreateShareLink } from '../../api/queries/use-share-links';
import { dialogCloseProps } from '../../components/dialog-close';
import { FormActions } from '../../components/form-actions';
import { formError, showServerError } from '../../components/forms/server-error';
import { OnceShownSecret } from '../../components/once-shown-secret';

/** Optionally asks for a password, then shows the new link once, with a copy button. */
export function NewShareLinkModal({
  websiteId,
  opened,
  onClose,
}: {
  websiteId: string;
  opened: boolean;
  onClose(): void;
}) {
  const form = useForm({
    initialValues: { protect: false, password: '' },
    validate: {
      password: (password, { protect }) =>
        protect && (password.length < 8 || password.length > 128) ? messages.shares.passwordLength : null,
    },
  });
  const { protect } = form.values;
  const create = useCreateShareLink(websiteId);
  // The link shows once, from the answer itself; closing forgets it.
  const created = create.data ?? null;

  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  const submit = form.onSubmit(({ password }) =>
    create.mutate(protect ? password : null, {
      onError: (err) =>
        showServerError(
          form,
          err,
          err instanceof ApiError && err.status === 400
            ? err.message
            : 'Failed to create the shared link. Please try again.',
        ),
    }),
  );

  const title = created ? 'Your shared link' : 'Share dashboard';
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      closeButtonProps={dialogCloseProps(title)}
      size={created ? 'xl' : 'md'}
      // The link exists only in this dialog: no closing it by a stray click outside.
      closeOnClickOutside={!created}
    >
      {created ? (
        <Stack>
          <OnceShownSecret
            warning={`Copy this link now. It will not be shown again; anyone who has it can read this website's dashboard${created.passwordProtected ? ' with the password' : ''}.`}
            value={created.url}
            copyLabel="Copy link"
            testId="new-share-link"
          />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Checkbox
              label="Protect with a password"
              {...form.getInputProps('protect', { type: 'checkbox' })}
            />
            {protect ? (
              <PasswordInput
                label="Password"
                description="8 to 128 characters; give it to the people you share the link with"
                {...form.getInputProps('password')}
                maxLength={128}
                autoComplete="new-password"
                data-autofocus
              />
            ) : null}
            <FormActions
              error={formError(form)}
              onCancel={close}
              saving={create.isPending}
              submitLabel="Create link"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
