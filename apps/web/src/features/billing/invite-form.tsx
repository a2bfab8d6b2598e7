import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useInvite } from '../../api/queries/use-members';
import { memberRefusal } from './member-errors';

const ROLES = [
  { value: 'viewer', label: 'Viewer (reads)' },
  { value: 'admin', label: 'Admin (changes websites and billing)' },
];

/**
 * Invite by email: every address gets a link by mail (whether or not it has an account) and joins
 * when its owner, signed in with it and verified, accepts.
 */
export function InviteForm({ organizationId }: { organizationId: string }) {
  const invite = useInvite(organizationId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'admin' | 'viewer'>('viewer');
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    invite.mutate(
      { email, role },
      {
        onSuccess: (result) => {
          setDone(`An invitation was sent to ${result.invitation.email}.`);
          setEmail('');
        },
      },
    );
  };
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
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required
            style={{ flex: '1 1 220px' }}
          />
          <Select
            label="Role"
            data={ROLES}
            value={role}
            onChange={(v) => setRole(v === 'admin' ? 'admin' : 'viewer')}
            allowDeselect={false}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" loading={invite.isPending}>
            Invite
          </Button>
        </Group>
        {invite.error ? (
          <Alert color="red" variant="light" role="alert">
            {memberRefusal(invite.error)}
          </Alert>
        ) : null}
        {done ? (
          <Text size="sm" c="teal.8" role="status">
            {done}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
