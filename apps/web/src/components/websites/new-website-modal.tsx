import { Stack, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { messages } from '@ocx/contracts';
import { isValidRootDomain, normalizeRootDomain } from '@ocx/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { refusalOr } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { websitesApi } from '../../api/websites.api';
import { FormActions } from '../form-actions';
import { exampleHost } from './example-host';

const MODAL_ID = 'new-website';

export function openNewWebsiteModal(onCreated: (id: string) => void) {
  modals.open({
    modalId: MODAL_ID,
    title: 'New website',
    children: <NewWebsiteForm onCreated={onCreated} />,
  });
}

function NewWebsiteForm({ onCreated }: { onCreated: (id: string) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [rootDomain, setRootDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: websitesApi.create,
    onSuccess: async (website) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.websites });
      onCreated(website.id);
      modals.close(MODAL_ID);
      notifications.show({ color: 'ocx', message: `Website "${website.name}" created` });
    },
    onError: (err) => setError(refusalOr(err, messages.config.createFailed)),
  });

  const domainError =
    rootDomain.trim() && !isValidRootDomain(rootDomain)
      ? messages.config.invalidDomainExample(exampleHost())
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(messages.config.nameRequired);
    if (domainError) return setError(messages.config.fixDomain);
    setError(null);
    create.mutate({ name: name.trim(), rootDomain: normalizeRootDomain(rootDomain) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Website Name"
          placeholder="My Website"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
          withAsterisk
        />
        <TextInput
          label="Root Domain"
          description="You can add it later in Website Configuration."
          placeholder={exampleHost()}
          value={rootDomain}
          onChange={(e) => setRootDomain(e.currentTarget.value)}
          error={domainError}
        />
        <FormActions
          error={error}
          onCancel={() => modals.close(MODAL_ID)}
          saving={create.isPending}
          submitLabel="Create website"
        />
      </Stack>
    </form>
  );
}
