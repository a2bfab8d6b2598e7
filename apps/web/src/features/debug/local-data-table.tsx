import { Code, Table, Text } from '@mantine/core';
import { ScrollTable } from '../../components/scroll-table';
import type { DescribedEntry } from './local-data-format';

const where = { localStorage: 'Local storage', sessionStorage: 'Session storage', cookie: 'Cookie' };

export function LocalDataTable({ entries }: { entries: DescribedEntry[] }) {
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        OCX keeps nothing in this browser.
      </Text>
    );
  }
  return (
    <ScrollTable minWidth={640}>
      <Table striped aria-label="Local data" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>What</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Where</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={`${entry.area}:${entry.key}`}>
              <Table.Td>{entry.what}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.value}</Table.Td>
              <Table.Td>
                <Code>{entry.key}</Code>
              </Table.Td>
              <Table.Td>{where[entry.area]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
