import { Table } from '@mantine/core';
import type { LandingPageStats } from '@ocx/contracts';
import { ConversionCount } from '../../components/attribution/conversion-count';
import { formatDay } from '../../components/date-format';
import { ScrollTable } from '../../components/scroll-table';

type Day = LandingPageStats['days'][number];

/**
 * Visits per day, one column per channel or campaign, with the day's conversions. The Visits total
 * is left out when a lone column already holds every visit (it would repeat that column).
 */
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
  const repeatsTotal =
    columns.length === 1 && days.every((d) => (pick(d)[columns[0] ?? ''] ?? 0) === d.visits);
  return (
    <ScrollTable minWidth={480}>
      <Table striped aria-label={`${label}s over time`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c} ta="right">
                {columnLabel(c)}
              </Table.Th>
            ))}
            {repeatsTotal ? null : <Table.Th ta="right">Clicks</Table.Th>}
            <Table.Th ta="right">Conversions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((d) => (
            <Table.Tr key={d.date}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(d.date)}</Table.Td>
              {columns.map((c) => (
                <Table.Td key={c} ta="right">
                  {(pick(d)[c] ?? 0).toLocaleString()}
                </Table.Td>
              ))}
              {repeatsTotal ? null : (
                <Table.Td fw={600} ta="right">
                  {d.visits.toLocaleString()}
                </Table.Td>
              )}
              <Table.Td ta="right">
                <ConversionCount value={d.conversions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
