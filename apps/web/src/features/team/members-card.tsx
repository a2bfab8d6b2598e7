import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { type Member, type MemberRoleChange, messages, type Organization } from '@ocx/contracts';
import { useMembers } from '../../api/queries/use-billing';
import { useChangeRole, useLeaveOrganization, useRemoveMember } from '../../api/queries/use-members';
import { useSession } from '../../api/queries/use-session';
import { openConfirm } from '../../components/dialog-close';
import { SectionLoader } from '../../components/full-page-loader';
import { ROLE_LABELS } from '../../components/organizations/role-labels';
import { InviteForm } from './invite-form';
import { memberRefusal } from './member-errors';
import { PendingInvitations } from './pending-invitations';

type Role = MemberRoleChange['role'];
const ROLE_CHOICES: { value: Role; label: string }[] = [
  { value: 'admin', label: ROLE_LABELS.admin },
  { value: 'viewer', label: ROLE_LABELS.viewer },
];
/** Only an owner makes someone an owner (or changes an owner's role). */
const OWNER_ROLE_CHOICES: { value: Role; label: string }[] = [
  { value: 'owner', label: ROLE_LABELS.owner },
  ...ROLE_CHOICES,
];
const isRole = (value: string | null): value is Role =>
  value === 'owner' || value === 'admin' || value === 'viewer';

/**
 * Who belongs to the organization, and who still waits for verification (no access until then).
 * Owners and admins change roles, remove members, invite by email and revoke invitations; only an
 * owner makes an owner or changes one, and the last owner stays (the server says why). Anyone but
 * the owner can leave.
 */
export function MembersCard({ organization }: { organization: Organization }) {
  const members = useMembers(organization.id);
  const session = useSession();
  const changeRole = useChangeRole(organization.id);
  const remove = useRemoveMember(organization.id);
  const leave = useLeaveOrganization();
  const manages = organization.role !== 'viewer';
  const selfId = session.data?.user.id;
  const failure = changeRole.error ?? remove.error ?? leave.error;
  const editable = (m: Member) =>
    manages && m.userId !== selfId && (m.role !== 'owner' || organization.role === 'owner');
  const roleChoices = organization.role === 'owner' ? OWNER_ROLE_CHOICES : ROLE_CHOICES;
  const setRole = (m: Member, role: Role) => {
    const change = () => changeRole.mutate({ userId: m.userId, change: { role } });
    if (role !== 'owner') return change();
    openConfirm({
      title: `Make ${m.email} an owner?`,
      children: (
        <Text size="sm">
          Owners can do everything you can: manage members and billing, make or remove other owners.
        </Text>
      ),
      labels: { confirm: 'Make owner', cancel: 'Cancel' },
      onConfirm: change,
    });
  };

  const confirmRemove = (m: Member) =>
    openConfirm({
      title: `Remove ${m.email}?`,
      children: (
        <Text size="sm">They no longer see this organization's websites. You can invite them again.</Text>
      ),
      labels: { confirm: 'Remove member', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(m.userId),
    });
  const confirmLeave = () =>
    openConfirm({
      title: `Leave ${organization.name}?`,
      children: <Text size="sm">You no longer see its websites until someone invites you again.</Text>,
      labels: { confirm: 'Leave organization', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => leave.mutate(organization.id),
    });

  return (
    <Card withBorder padding="lg" component="section" aria-label="Members">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            Members
          </Title>
          {organization.role === 'owner' ? null : (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={confirmLeave}
              loading={leave.isPending}
            >
              Leave organization
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {messages.members.howInvitationsWork}
        </Text>
        {members.isPending ? (
          <SectionLoader label="Loading members..." />
        ) : members.error ? (
          <Alert color="red" variant="light" role="alert">
            {messages.common.unexpected}
          </Alert>
        ) : (
          <Stack gap={8} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {members.data.map((m) => (
              <Group key={m.userId} component="li" justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ flex: '1 1 180px', minWidth: 0 }}>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {m.email}
                    {m.userId === selfId ? (
                      <Text span size="sm" c="dimmed">
                        {' '}
                        (you)
                      </Text>
                    ) : null}
                  </Text>
                  {m.status === 'waiting_for_verification' ? (
                    <Badge
                      variant="light"
                      color="yellow"
                      c="dark"
                      size="sm"
                      style={{ alignSelf: 'flex-start' }}
                    >
                      {messages.members.waitingForVerification}
                    </Badge>
                  ) : null}
                </Stack>
                {editable(m) ? (
                  <Group gap="xs" wrap="nowrap">
                    <Select
                      aria-label={`Role of ${m.email}`}
                      data={roleChoices}
                      value={m.role}
                      onChange={(v) => isRole(v) && v !== m.role && setRole(m, v)}
                      allowDeselect={false}
                      size="xs"
                      w={110}
                    />
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      aria-label={`Remove ${m.email}`}
                      onClick={() => confirmRemove(m)}
                    >
                      Remove
                    </Button>
                  </Group>
                ) : (
                  <Badge
                    variant="light"
                    color={m.role === 'owner' ? 'green' : 'gray'}
                    style={{ flexShrink: 0 }}
                  >
                    {ROLE_LABELS[m.role]}
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {memberRefusal(failure)}
          </Alert>
        ) : null}
        {manages ? <PendingInvitations organizationId={organization.id} /> : null}
        {manages ? <InviteForm organizationId={organization.id} /> : null}
      </Stack>
    </Card>
  );
}
