import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, type Website } from '@ocx/contracts';
import { isValidRootDomain, normalizeRootDomain } from '@ocx/core';
import { refusalOr } from '../../api/client';
import { useSaveWebsite } from '../../api/mutations/use-website-mutations';
import { FormError } from '../../components/form-error';
import { formError, showServerError } from '../../components/forms/server-error';
import { exampleHost } from '../../components/websites/example-host';
import { useSelectedWebsite } from '../../components/websites/selected-website';

/** Creates the first website, or gives the selected one the root domain its snippet needs. */
export function WebsiteStep({ website, onDone }: { website: Website | null; onDone(): void }) {
  const { select } = useSelectedWebsite();
  const form = useForm({
    initialValues: { name: website?.name ?? '', rootDomain: website?.rootDomain ?? '' },
    validate: {
      name: (name) => (name.trim() ? null : messages.config.nameRequired),
      rootDomain: (domain) =>
        isValidRootDomain(domain) ? null : messages.config.invalidDomainExample(exampleHost()),
    },
  });
  const save = useSaveWebsite(website, {
    onSuccess: (saved) => {
      select(saved.id);
      onDone();
    },
    onError: (err) => showServerError(form, err, refusalOr(err, messages.config.createFailed)),
  });

  const submit = form.onSubmit(({ name, rootDomain }) =>
    save.mutate({ name: name.trim(), rootDomain: normalizeRootDomain(rootDomain) }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack mt="md" maw={480}>
        <Text size="sm" c="dimmed">
          OCX counts the pages of this domain and its subdomains; events from other sites are refused.
        </Text>
        <TextInput
          label="Website Name"
          placeholder="My Website"
          {...form.getInputProps('name')}
          withAsterisk
        />
        <TextInput
          label="Root Domain"
          placeholder={exampleHost()}
          {...form.getInputProps('rootDomain')}
          withAsterisk
        />
        <FormError message={formError(form)} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {website ? 'Save and continue' : 'Create website'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
