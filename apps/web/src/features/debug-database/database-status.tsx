import { Badge, Card, Divider, Text, Title } from '@mantine/core';
import type { DatabaseServerDebug } from '@ocx/contracts';
import { DebugField } from '../../components/debug-field';

const count = (n: number) => n.toLocaleString();
/** The server counts the copy backlog up to 100,000. */
const copies = (n: number | null) => (n === null ? 'Unknown' : n >= 100_000 ? 'Over 100,000' : count(n));

function Reachable({ yes }: { yes: boolean }) {
  return (
    <Badge color={yes ? 'ocx' : 'red'} variant="light">
      {yes ? 'Yes' : 'No'}
    </Badge>
  );
}

export function ServerCard({ server, reachable }: { server: DatabaseServerDebug; reachable: boolean }) {
  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="sm">
        Server
      </Title>
      <DebugField label="Dialect">{server.dialect}</DebugField>
      <DebugField label="Version">{server.version ?? 'Unknown'}</DebugField>
      <DebugField label="Reachable">
        <Reachable yes={reachable} />
      </DebugField>
      <DebugField label="Round trip">
        {server.latencyMs === null ? 'Not measured' : `${server.latencyMs} ms`}
      </DebugField>
      <DebugField label="Latest migration">{server.migrations.at(-1)?.name ?? 'None applied'}</DebugField>
      {server.clickhouse && (
        <DebugField label="ClickHouse reachable">
          <Reachable yes={server.clickhouse.reachable} />
        </DebugField>
      )}
    </Card>
  );
}

/** What a user who does not run the server sees of it: whether it answers, and who sees the rest. */
export function DatabaseCard({ reachable }: { reachable: boolean }) {
  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="sm">
        Database
      </Title>
      <DebugField label="Reachable">
        <Reachable yes={reachable} />
      </DebugField>
      <Text size="sm" c="dimmed" mt="sm">
        The server's version, migrations, backlogs and collect counters describe every website on it, so only
        its operators see them: the addresses listed in OCX_ADMIN_EMAILS.
      </Text>
    </Card>
  );
}

export function BacklogCard({ server }: { server: DatabaseServerDebug }) {
  const { backlog, ingest } = server;
  const dropped = Object.values(ingest.dropped).reduce((a, b) => a + b, 0);
  return (
    <Card withBorder padding="lg">
      <Title order={4}>Backlogs and ingestion</Title>
      <Text size="xs" c="dimmed" mb="sm">
        Server-wide: the work of every website on this server, not only yours.
      </Text>
      <DebugField label="Events waiting for derivation">{count(backlog.derivation)}</DebugField>
      <DebugField label="Conversions waiting for credits">
        {backlog.crediting ? count(backlog.crediting.pending) : 'Unknown'}
      </DebugField>
      <DebugField label="Conversions that could not be credited">
        {backlog.crediting ? count(backlog.crediting.failed) : 'Unknown'}
      </DebugField>
      {server.clickhouse && (
        <DebugField label="Rows waiting for their ClickHouse copy">
          {copies(server.clickhouse.copyBacklog)}
        </DebugField>
      )}
      <Divider my="xs" label="Collect since this server started" labelPosition="left" />
      <DebugField label="Accepted">{count(ingest.accepted)}</DebugField>
      <DebugField label="Stored">{count(ingest.stored)}</DebugField>
      <DebugField label="Duplicates">{count(ingest.duplicates)}</DebugField>
      <DebugField label="Dropped">{count(dropped)}</DebugField>
      <DebugField label="Rate limited">{count(ingest.rateLimited)}</DebugField>
      <DebugField label="Failed commits">{count(ingest.commitFailures)}</DebugField>
    </Card>
  );
}
