import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@ocx/contracts';
import { useState } from 'react';
import { useInvite } from '../../api/queries/use-members';
import { FormError } from '../../components/form-error';
import { looksLikeEmail } from '../../components/forms/looks-like-email';
import { formError, showServerError } from '../../components/forms/server-error';
import { memberRefusal } from './member-errors';

const ROLES = [
  { value: 'viewer', label: 'Viewer (reads)' },
  { value: 'admin', label: 'Admin (changes websites and billing)' },
];

interface InviteValues {
  email: string;
  role: 'admin' | 'viewer';
}

const emailError = (email: string) =>
  !email.trim()
    ? messages.auth.emailRequired
    : looksLikeEmail(email.trim())
      ? null
      : messages.auth.invalidEmail;

/**
 * Invite by email: every address gets a link by mail (whether or not it has an account) and joins
 * when its owner, signed in with it and verified, accepts.
 */
export function InviteForm({ organizationId }: { organizationId: string }) {
  const invite = useInvite(organizationId);
  const form = useForm<InviteValues>({
    initialValues: { email: '', role: 'viewer' },
    validate: { email: emailError },
  });
  const [done, setDone] = useState<string | null>(null);
  const submit = form.onSubmit((values) => {
    setDone(null);
    invite.mutate(values, {
      onSuccess: (result) => {
        setDone(`An invitation was sent to ${result.invitation.email}.`);
        form.setFieldValue('email', '');
      },
      onError: (err) => showServerError(form, err, memberRefusal(err)),
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Invite by email: the link works for 7 days.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Email"
            type="email"
            {...form.getInputProps('email')}
            required
            style={{ flex: '1 1 220px' }}
          />
          <Select
            label="Role"
            data={ROLES}
            {...form.getInputProps('role')}
            onChange={(v) => form.setFieldValue('role', v === 'admin' ? 'admin' : 'viewer')}
            allowDeselect={false}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" loading={invite.isPending} disabled={invite.isPending}>
            Invite
          </Button>
        </Group>
        <FormError message={formError(form)} />
        {done ? (
          <Text size="sm" c="teal.8" role="status">
            {done}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
