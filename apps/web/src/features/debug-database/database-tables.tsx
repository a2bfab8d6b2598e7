import { Card, Table, Text, Title } from '@mantine/core';
import {
  type DatabaseDebug,
  type DatabaseServerDebug,
  type DebugRowCountTable,
  debugRowCountTables,
} from '@ocx/contracts';
import { formatDateTime } from '../../components/date-format';

const labels: Record<DebugRowCountTable, string> = {
  websites: 'Websites',
  goals: 'Goals',
  campaigns: 'Campaigns',
  networks: 'Networks',
  sources: 'Traffic sources',
  landingPages: 'Landing pages',
  templates: 'Campaign templates',
  funnels: 'Funnels',
  events: 'Events',
  visits: 'Sessions',
  clicks: 'Clicks',
  conversions: 'Conversions',
  credits: 'Attribution credits',
  apiKeys: 'API keys',
  postbackDeliveries: 'Postback deliveries',
  shareLinks: 'Shared dashboard links',
};

export function RowCountsCard({ counts }: { counts: DatabaseDebug['rowCounts'] }) {
  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="sm">
        Your rows
      </Title>
      {counts === null ? (
        <Text size="sm" c="dimmed">
          The database cannot be reached, so nothing was counted.
        </Text>
      ) : (
        <Table striped aria-label="Your rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Table</Table.Th>
              <Table.Th ta="right">Rows</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {debugRowCountTables.map((table) => (
              <Table.Tr key={table}>
                <Table.Td>{labels[table]}</Table.Td>
                <Table.Td ta="right">{counts[table].toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

export function MigrationsCard({ migrations }: { migrations: DatabaseServerDebug['migrations'] }) {
  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="sm">
        Applied migrations
      </Title>
      {migrations.length === 0 ? (
        <Text size="sm" c="dimmed">
          No migration applied.
        </Text>
      ) : (
        <Table striped aria-label="Applied migrations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Migration</Table.Th>
              <Table.Th>Applied</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {migrations.map((m) => (
              <Table.Tr key={m.name}>
                <Table.Td>{m.name}</Table.Td>
                <Table.Td>{formatDateTime(m.appliedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
