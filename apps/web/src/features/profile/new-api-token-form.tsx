import { Alert, Button, Code, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { API_TOKEN_LIFETIMES, type NewApiTokenResult } from '@ocx/contracts';
import { useState } from 'react';
import { useCreateApiToken } from '../../api/queries/use-api-tokens';
import { CopyButton } from '../../components/copy-button';
import { FormError } from '../../components/form-error';
import { formError, showServerError } from '../../components/forms/server-error';

const EXPIRY_CHOICES = [
  ...API_TOKEN_LIFETIMES.map((days) => ({ value: String(days), label: `${days} days` })),
  { value: 'never', label: 'No expiry' },
];

/** Names a new token and picks how long it works; shows the token once, with a copy button. */
export function NewApiTokenForm() {
  const create = useCreateApiToken();
  const form = useForm({ initialValues: { name: '', expiry: '30' } });
  const [created, setCreated] = useState<NewApiTokenResult | null>(null);

  const submit = form.onSubmit(({ name, expiry }) => {
    setCreated(null);
    create.mutate(
      { name: name.trim(), expiresInDays: expiry === 'never' ? null : Number(expiry) },
      {
        onSuccess: (token) => {
          setCreated(token);
          form.setFieldValue('name', '');
        },
        onError: (err) => showServerError(form, err, `Failed to create the token: ${err.message}`),
      },
    );
  });

  return (
    <Stack gap="xs">
      <form onSubmit={submit} aria-label="New API token">
        <Group align="flex-end">
          <TextInput
            label="Token name"
            placeholder="Reporting script"
            {...form.getInputProps('name')}
            maxLength={100}
            required
          />
          <Select
            label="Expires after"
            data={EXPIRY_CHOICES}
            {...form.getInputProps('expiry')}
            onChange={(value) => form.setFieldValue('expiry', value ?? '30')}
            allowDeselect={false}
          />
          <Button
            type="submit"
            loading={create.isPending}
            disabled={create.isPending || form.values.name.trim() === ''}
          >
            Create token
          </Button>
        </Group>
      </form>
      <FormError message={formError(form)} />
      {created ? (
        <Alert color="ocx" title={`Token "${created.name}" created`}>
          <Stack gap="xs">
            <Text size="sm">
              Copy it now: it is shown only this once. It can read, never change anything.
            </Text>
            <Group>
              <Code data-testid="new-api-token">{created.token}</Code>
              <CopyButton value={created.token} label="Copy token" />
            </Group>
            <Button size="xs" variant="subtle" onClick={() => setCreated(null)} w="fit-content">
              Done
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
