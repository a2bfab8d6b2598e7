import { Badge, Card, Divider, Text, Title } from '@mantine/core';
import type { DatabaseDebug } from '@ocx/contracts';
import { DebugField } from '../../components/debug-field';

const count = (n: number) => n.toLocaleString();
/** The server counts the copy backlog up to 100,000. */
const copies = (n: number | null) => (n === null ? 'Unknown' : n >= 100_000 ? 'Over 100,000' : count(n));

export function ServerCard({ report }: { report: DatabaseDebug }) {
  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="sm">
        Server
      </Title>
      <DebugField label="Dialect">{report.dialect}</DebugField>
      <DebugField label="Version">{report.version ?? 'Unknown'}</DebugField>
      <DebugField label="Reachable">
        <Badge color={report.reachable ? 'ocx' : 'red'} variant="light">
          {report.reachable ? 'Yes' : 'No'}
        </Badge>
      </DebugField>
      <DebugField label="Round trip">
        {report.latencyMs === null ? 'Not measured' : `${report.latencyMs} ms`}
      </DebugField>
      <DebugField label="Latest migration">{report.migrations.at(-1)?.name ?? 'None applied'}</DebugField>
      {report.clickhouse && (
        <DebugField label="ClickHouse reachable">
          <Badge color={report.clickhouse.reachable ? 'ocx' : 'red'} variant="light">
            {report.clickhouse.reachable ? 'Yes' : 'No'}
          </Badge>
        </DebugField>
      )}
    </Card>
  );
}

export function BacklogCard({ report }: { report: DatabaseDebug }) {
  const { backlog, ingest } = report;
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
      {report.clickhouse && (
        <DebugField label="Rows waiting for their ClickHouse copy">
          {copies(report.clickhouse.copyBacklog)}
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
