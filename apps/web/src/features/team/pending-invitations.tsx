import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { useInvitations, useRevokeInvitation } from '../../api/queries/use-members';
import { formatDateTime } from '../../components/date-format';
import { ROLE_LABELS } from '../../components/organizations/role-labels';
import { memberRefusal } from './member-errors';

/** Invitations sent and not accepted yet, with their expiry; owners and admins revoke them. */
export function PendingInvitations({ organizationId }: { organizationId: string }) {
  const invitations = useInvitations(organizationId, true);
  const revoke = useRevokeInvitation(organizationId);
  if (invitations.isPending) return null;
  if (invitations.error)
    return (
      <Alert color="red" variant="light" role="alert">
        {messages.common.unexpected}
      </Alert>
    );
  if (invitations.data.length === 0) return null;
  const now = Date.now();
  return (
    <Stack gap={6} component="section" aria-label="Pending invitations">
      <Text size="sm" fw={600}>
        Pending invitations
      </Text>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {invitations.data.map((i) => {
          const expired = Date.parse(i.expiresAt) <= now;
          return (
            <Group key={i.id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0} style={{ flex: '1 1 180px', minWidth: 0 }}>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {i.email}
                </Text>
                <Text size="xs" c={expired ? 'red.8' : 'dimmed'}>
                  {expired ? 'Expired' : `Expires ${formatDateTime(i.expiresAt)}`}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light" color="gray">
                  {ROLE_LABELS[i.role]}
                </Badge>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  aria-label={`Revoke the invitation for ${i.email}`}
                  onClick={() => revoke.mutate(i.id)}
                  loading={revoke.isPending && revoke.variables === i.id}
                >
                  Revoke
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
      {revoke.error ? (
        <Alert color="red" variant="light" role="alert">
          {memberRefusal(revoke.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}
