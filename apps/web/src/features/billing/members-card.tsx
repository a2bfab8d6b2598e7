import { Alert, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { messages, type Organization } from '@ocx/contracts';
import { type FormEvent, useState } from 'react';
import { serverAnswered } from '../../api/client';
import { useAddMember, useMembers } from '../../api/queries/use-billing';
import { SectionLoader } from '../../components/full-page-loader';

const ROLES = [
  { value: 'viewer', label: 'Viewer (reads)' },
  { value: 'admin', label: 'Admin (changes websites and billing)' },
];

/** Who belongs to the organization; owners and admins add existing accounts by email. */
export function MembersCard({ organization }: { organization: Organization }) {
  const members = useMembers(organization.id);
  const canAdd = organization.role !== 'viewer';
  return (
    <Card withBorder padding="lg" component="section" aria-label="Members">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Members
        </Title>
        {members.isPending ? (
          <SectionLoader label="Loading members..." />
        ) : members.error ? (
          <Alert color="red" variant="light" role="alert">
            {messages.common.unexpected}
          </Alert>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {members.data.map((m) => (
              <Group key={m.email} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {m.email}
                </Text>
                <Badge
                  variant="light"
                  color={m.role === 'owner' ? 'green' : 'gray'}
                  style={{ flexShrink: 0 }}
                >
                  {m.role}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
        {canAdd ? <AddMemberForm organizationId={organization.id} /> : null}
      </Stack>
    </Card>
  );
}

function AddMemberForm({ organizationId }: { organizationId: string }) {
  const add = useAddMember(organizationId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'admin' | 'viewer'>('viewer');
  const [added, setAdded] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    add.mutate(
      { email, role },
      {
        onSuccess: (member) => {
          setAdded(`${member.email} was added as ${member.role} and told by mail.`);
          setEmail('');
        },
      },
    );
  };
  const error = add.error
    ? serverAnswered(add.error) && add.error.serverMessage && add.error.status < 500
      ? add.error.serverMessage
      : messages.common.unexpected
    : null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Add someone who already has an OCX account.
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
          <Button type="submit" loading={add.isPending}>
            Add member
          </Button>
        </Group>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        {added ? (
          <Text size="sm" c="teal.8" role="status">
            {added}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
