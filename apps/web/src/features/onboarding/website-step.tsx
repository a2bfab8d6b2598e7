import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { messages, type Website } from '@ocx/contracts';
import { isValidRootDomain, normalizeRootDomain } from '@ocx/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { refusalOr } from '../../api/client';
import { queryKeys } from '../../api/queries/query-keys';
import { websitesApi } from '../../api/websites.api';
import { FormError } from '../../components/form-error';
import { exampleHost } from '../../components/websites/example-host';
import { useSelectedWebsite } from '../../components/websites/selected-website';

/** Creates the first website, or gives the selected one the root domain its snippet needs. */
export function WebsiteStep({ website, onDone }: { website: Website | null; onDone(): void }) {
  const queryClient = useQueryClient();
  const { select } = useSelectedWebsite();
  const [name, setName] = useState(website?.name ?? '');
  const [rootDomain, setRootDomain] = useState(website?.rootDomain ?? '');
  const [errors, setErrors] = useState<{ name?: string; rootDomain?: string }>({});
  const save = useMutation({
    mutationFn: async (input: { name: string; rootDomain: string }) =>
      website ? websitesApi.update(website.id, input) : websitesApi.create(input),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.websites });
      select(saved.id);
      onDone();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: name.trim() ? undefined : messages.config.nameRequired,
      rootDomain: isValidRootDomain(rootDomain)
        ? undefined
        : messages.config.invalidDomainExample(exampleHost()),
    };
    setErrors(found);
    if (found.name || found.rootDomain) return;
    save.mutate({ name: name.trim(), rootDomain: normalizeRootDomain(rootDomain) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack mt="md" maw={480}>
        <Text size="sm" c="dimmed">
          OCX counts the pages of this domain and its subdomains; events from other sites are refused.
        </Text>
        <TextInput
          label="Website Name"
          placeholder="My Website"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          withAsterisk
        />
        <TextInput
          label="Root Domain"
          placeholder={exampleHost()}
          value={rootDomain}
          onChange={(e) => setRootDomain(e.currentTarget.value)}
          error={errors.rootDomain}
          withAsterisk
        />
        <FormError message={save.error ? refusalOr(save.error, messages.config.createFailed) : null} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {website ? 'Save and continue' : 'Create website'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
