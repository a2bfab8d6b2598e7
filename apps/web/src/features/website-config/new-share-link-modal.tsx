import { Button, Checkbox, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { messages, type NewShareLinkResult } from '@ocx/contracts';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { useCreateShareLink } from '../../api/queries/use-share-links';
import { FormActions } from '../../components/form-actions';
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
  const [protect, setProtect] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<NewShareLinkResult | null>(null);
  const create = useCreateShareLink(websiteId);

  const close = () => {
    setProtect(false);
    setPassword('');
    setFieldError(null);
    setError(null);
    setCreated(null);
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (protect && (password.length < 8 || password.length > 128)) {
      setFieldError(messages.shares.passwordLength);
      return;
    }
    setFieldError(null);
    create.mutate(protect ? password : null, {
      onSuccess: setCreated,
      onError: (err) =>
        setError(
          err instanceof ApiError && err.status === 400
            ? err.message
            : 'Failed to create the shared link. Please try again.',
        ),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? 'Your shared link' : 'Share dashboard'}
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
              checked={protect}
              onChange={(e) => setProtect(e.currentTarget.checked)}
            />
            {protect ? (
              <PasswordInput
                label="Password"
                description="8 to 128 characters; give it to the people you share the link with"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={fieldError}
                maxLength={128}
                autoComplete="new-password"
                data-autofocus
              />
            ) : null}
            <FormActions error={error} onCancel={close} saving={create.isPending} submitLabel="Create link" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
