import { Table } from '@mantine/core';
import type { LandingPageStats } from '@ocx/contracts';

type Day = LandingPageStats['days'][number];

/** Visits per UTC day, one column per channel or campaign, with the day's conversions. */
export function OverTimeTable({
  days,
  columns,
  pick,
  label,
  columnLabel = (column) => column,
}: {
  days: Day[];
  columns: string[];
  pick(day: Day): Record<string, number>;
  label: string;
  /** A column's header; the column's own value by default (a campaign's name). */
  columnLabel?: (column: string) => string;
}) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label={`${label}s over time`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c}>{columnLabel(c)}</Table.Th>
            ))}
            <Table.Th>Visits</Table.Th>
            <Table.Th>Conversions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((d) => (
            <Table.Tr key={d.date}>
              <Table.Td>{d.date}</Table.Td>
              {columns.map((c) => (
                <Table.Td key={c}>{pick(d)[c] ?? 0}</Table.Td>
              ))}
              <Table.Td fw={600}>{d.visits}</Table.Td>
              <Table.Td>{d.conversions.toLocaleString(undefined, { maximumFractionDigits: 2 })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
