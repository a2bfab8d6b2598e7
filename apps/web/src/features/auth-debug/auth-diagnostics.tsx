import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { AuthDebug } from '@ocx/contracts';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/date-format';
import { DebugField } from '../../components/debug-field';

const when = (iso: string) => formatDateTime(iso);
const providerNames: Record<string, string> = { credential: 'Email and password' };

function Empty({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** What each assurance level means, in words (the badge keeps the standard's name). */
const ASSURANCE = { aal1: 'one factor', aal2: 'two factors' } as const;

export function SessionCard({ report }: { report: AuthDebug }) {
  const current = report.sessions.find((s) => s.current);
  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="sm">
        Current session
      </Title>
      <DebugField label="Signed in as">{report.user.email}</DebugField>
      <DebugField label="Email verified">{report.user.emailVerified ? 'Yes' : 'No'}</DebugField>
      <DebugField label="Session started">{current ? when(current.createdAt) : 'Unknown'}</DebugField>
      <DebugField label="Session expires">{current ? when(current.expiresAt) : 'Unknown'}</DebugField>
      <DebugField label="Assurance level">
        <Badge variant="light" color={report.assurance.current === 'aal2' ? 'ocx' : 'gray'}>
          {report.assurance.current.toUpperCase()}
        </Badge>{' '}
        {ASSURANCE[report.assurance.current]}; the next sign-in needs {ASSURANCE[report.assurance.next]}
      </DebugField>
      <DebugField label="Active sessions">{report.sessions.length}</DebugField>
    </Card>
  );
}

export function FactorsCard({ factors }: { factors: AuthDebug['factors'] }) {
  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="sm">
        Second factors
      </Title>
      {factors.length === 0 ? (
        <Empty>No second factor enrolled</Empty>
      ) : (
        <Stack gap={4}>
          {factors.map((f) => (
            <Group key={f.id} justify="space-between">
              <Text size="sm">Authenticator app (TOTP)</Text>
              <Badge variant="light" color={f.verified ? 'ocx' : 'yellow'}>
                {f.verified ? 'Verified' : 'Not verified'}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

export function ProvidersCard({ report }: { report: AuthDebug }) {
  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="sm">
        Sign-in providers
      </Title>
      <Text size="sm" fw={500}>
        Linked to your account
      </Text>
      {report.linkedProviders.length === 0 ? (
        <Empty>No provider linked</Empty>
      ) : (
        report.linkedProviders.map((p) => (
          <DebugField key={p.providerId} label={providerNames[p.providerId] ?? p.providerId}>
            since {when(p.linkedAt)}
          </DebugField>
        ))
      )}
      <Text size="sm" fw={500} mt="sm">
        Offered by this server
      </Text>
      <Group gap={6} mt={4}>
        {report.configuredProviders.map((p) => (
          <Badge key={p.id} variant="outline" color="gray">
            {p.name}
          </Badge>
        ))}
      </Group>
    </Card>
  );
}

export function MailCard({ report }: { report: AuthDebug }) {
  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="sm">
        Mail
      </Title>
      <DebugField label="Transport">{report.mailTransport.description}</DebugField>
      <Group justify="space-between" mt="sm" mb={4}>
        <Text size="sm" fw={500}>
          Dev outbox
        </Text>
        {report.mailTransport.kind === 'log' ? (
          <Anchor component={Link} to="/outbox" size="sm">
            Open the outbox
          </Anchor>
        ) : null}
      </Group>
      {report.outbox.length === 0 ? (
        <Empty>No mail sent yet</Empty>
      ) : (
        <Table aria-label="Dev outbox">
          <Table.Tbody>
            {report.outbox.map((m) => (
              <Table.Tr key={`${m.sentAt}-${m.subject}`}>
                <Table.Td>{m.subject}</Table.Td>
                <Table.Td>{when(m.sentAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
