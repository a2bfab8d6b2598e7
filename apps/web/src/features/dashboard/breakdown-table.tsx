import { Center, Table, Text } from '@mantine/core';
import type { Breakdown, BreakdownDimension, BreakdownRow } from '@ocx/contracts';
import { visitorShare } from '@ocx/core';
import { InlineLoader } from '../../components/full-page-loader';
import { breakdownLabel } from './breakdown-format';
import { formatCount, formatPercent } from './dashboard-format';
import { FilterButton } from './filter-button';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
// Long paths break anywhere over two lines rather than losing their end at 390 px.
const wrap = { overflowWrap: 'break-word' } as const;

export interface BreakdownTableProps {
  dimension: BreakdownDimension;
  /** The first column's header: Country, Page, Channel … */
  column: string;
  rows: BreakdownRow[];
  scopeVisitors: number;
  /** Filters the dashboard by the row's value; absent: rows are plain text. */
  onPick?: ((row: BreakdownRow) => void) | undefined;
  extraColumns?: boolean;
}

/** Rows of one dimension: value, visitors, share of all visitors and conversion rate. */
function BreakdownTable({
  dimension,
  column,
  rows,
  scopeVisitors,
  onPick,
  extraColumns,
  stale,
}: BreakdownTableProps & { stale?: boolean }) {
  return (
    <Table
      verticalSpacing={6}
      horizontalSpacing="xs"
      layout="fixed"
      data-testid={`breakdown-${dimension}`}
      aria-busy={stale}
      style={{ opacity: stale ? 0.6 : 1 }}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{column}</Table.Th>
          <Table.Th ta="right" w={70} style={num}>
            Visitors
          </Table.Th>
          <Table.Th ta="right" w={60} style={num}>
            Share
          </Table.Th>
          {extraColumns ? (
            <>
              <Table.Th ta="right" w={90} style={num}>
                Pageviews
              </Table.Th>
              <Table.Th ta="right" w={100} style={num} title="Visitors who completed any goal">
                Converted
              </Table.Th>
            </>
          ) : null}
          <Table.Th ta="right" w={64} style={num} title="Conversion rate: converted visitors ÷ visitors">
            Conv.
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const label = breakdownLabel(dimension, row);
          return (
            <Table.Tr key={row.value ?? ''}>
              <Table.Td>
                {onPick && row.value !== null ? (
                  <FilterButton label={label} onClick={() => onPick(row)}>
                    <Text size="sm" lineClamp={2} style={wrap} c="var(--mantine-color-anchor)">
                      {label}
                    </Text>
                  </FilterButton>
                ) : (
                  <Text size="sm" lineClamp={2} style={wrap} title={row.value ?? undefined}>
                    {label}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={num}>
                {formatCount(row.visitors)}
              </Table.Td>
              <Table.Td ta="right" style={num}>
                {formatPercent(visitorShare(row.visitors, scopeVisitors))}
              </Table.Td>
              {extraColumns ? (
                <>
                  <Table.Td ta="right" style={num}>
                    {formatCount(row.pageviews)}
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    {formatCount(row.convertedVisitors)}
                  </Table.Td>
                </>
              ) : null}
              <Table.Td ta="right" style={num}>
                {formatPercent(row.conversionRate)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** The table once the rows are there, a loader before, the error or an empty line otherwise. */
export function BreakdownResult({
  query,
  empty,
  ...table
}: Omit<BreakdownTableProps, 'rows' | 'scopeVisitors'> & {
  query: { data: Breakdown | undefined; error: Error | null; isPlaceholderData: boolean };
  empty: string;
}) {
  if (query.error && !query.data)
    return (
      <Text size="sm" c="red" py="md" role="alert">
        Failed to load: {query.error.message}
      </Text>
    );
  if (!query.data)
    return (
      <Center py="lg">
        <InlineLoader label="Loading" />
      </Center>
    );
  if (query.data.rows.length === 0)
    return (
      <Text size="sm" c="dimmed" py="lg" ta="center">
        {empty}
      </Text>
    );
  return (
    <BreakdownTable
      {...table}
      rows={query.data.rows}
      scopeVisitors={query.data.visitors}
      stale={query.isPlaceholderData}
    />
  );
}
