import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { LANDING_PATH_PATTERN, type LandingPage, messages, type Website } from '@ocx/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { refusalOr, serverAnswered } from '../../api/client';
import { useInvalidateWorkspace } from '../../api/queries/use-invalidate-workspace';
import { workspaceApi } from '../../api/workspace.api';
import { FormActions } from '../form-actions';

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
  const invalidate = useInvalidateWorkspace(website.id);
  const [name, setName] = useState('');
  const [path, setPath] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setName('');
    setPath('');
    setError(null);
    onClose();
  };
  const create = useMutation({
    mutationFn: () =>
      workspaceApi.createLandingPage(website.id, {
        name: name.trim(),
        path: path.trim(),
      }),
    onSuccess: async (page) => {
      await invalidate();
      onCreated?.(page);
      close();
    },
    onError: (err) =>
      setError(
        !serverAnswered(err)
          ? messages.landingPages.saveError
          : refusalOr(err, messages.landingPages.createFailed),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(messages.landingPages.nameRequired);
    if (!LANDING_PATH_PATTERN.test(path.trim())) return setError(messages.landingPages.path);
    setError(null);
    create.mutate();
  };
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
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              withAsterisk
              data-autofocus
            />
            <TextInput
              label="Path"
              placeholder="homepage"
              leftSection={<span>{website.rootDomain}/</span>}
              leftSectionWidth={Math.min(260, 14 + (website.rootDomain.length + 1) * 7.5)}
              leftSectionProps={{ style: { justifyContent: 'flex-end', paddingRight: 2 } }}
              value={path}
              onChange={(e) => setPath(e.currentTarget.value)}
              description="Letters, numbers, hyphens and underscores; empty for the home page"
            />
            <FormActions error={error} onCancel={close} saving={create.isPending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
