import { Alert, Group, List, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type FunnelComparison, type FunnelPeriod, messages } from '@ocx/contracts';
import { needsImprovement } from '@ocx/core';
import { IconBulb } from '@tabler/icons-react';
import { useState } from 'react';
import { useFunnelComparison } from '../../api/queries/use-funnel-comparison';
import { SectionLoader } from '../../components/full-page-loader';
import { ScrollTable } from '../../components/scroll-table';
import {
  changeColor,
  changeText,
  isPeriod,
  minutes,
  PERIOD_LABELS,
  percent,
  periodOptions,
} from './funnel-format';
import { RetryError } from './retry-error';
import { StatCard } from './stat-card';

/** Spec §2 'Compare Periods': current against previous (defaults week and month), per step. */
export function FunnelCompareTab({ funnelId }: { funnelId: string }) {
  const [current, setCurrent] = useState<FunnelPeriod>('week');
  const [previous, setPrevious] = useState<FunnelPeriod>('month');
  const query = useFunnelComparison(funnelId, current, previous);
  return (
    <Stack gap="md">
      <Group>
        <Select
          label="Current period"
          data={periodOptions}
          value={current}
          onChange={(v) => isPeriod(v) && setCurrent(v)}
          allowDeselect={false}
          w={200}
        />
        <Select
          label="Previous period"
          data={periodOptions}
          value={previous}
          onChange={(v) => isPeriod(v) && setPrevious(v)}
          allowDeselect={false}
          w={200}
        />
      </Group>
      {query.isPending ? (
        <SectionLoader label="Loading comparison data..." />
      ) : query.isError ? (
        <RetryError message={messages.funnels.comparisonFailed} onRetry={() => query.refetch()} />
      ) : query.data.current.totalEntries === 0 && query.data.previous.totalEntries === 0 ? (
        <Text c="dimmed">{messages.funnels.noComparison}</Text>
      ) : (
        <ComparisonFigures data={query.data} />
      )}
    </Stack>
  );
}

/** A signed change; `lowerIsBetter` colours a rise red (time to conversion). */
function Change({ value, lowerIsBetter = false }: { value: number | null; lowerIsBetter?: boolean }) {
  return (
    <Text span size="sm" fw={600} c={changeColor(value, lowerIsBetter)} data-testid="change">
      {changeText(value)}
    </Text>
  );
}

function ComparisonFigures({ data }: { data: FunnelComparison }) {
  const { current, previous, comparison } = data;
  const before = new Map(previous.stepConversions.map((s) => [s.stepId, s]));
  const weak = comparison.stepChanges.filter((s) => needsImprovement(s.conversionRateChange));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard label="Total Visitors" value={current.totalEntries.toLocaleString()}>
          <Text size="xs" c="dimmed">
            <Change value={comparison.totalEntriesChange} /> vs {previous.totalEntries.toLocaleString()}{' '}
            before
          </Text>
        </StatCard>
        <StatCard label="Completion Rate" value={percent(current.completionRate)}>
          <Text size="xs" c="dimmed">
            <Change value={comparison.completionRateChange} /> vs {percent(previous.completionRate)} before
          </Text>
        </StatCard>
        <StatCard label="Time to Conversion" value={minutes(current.averageTimeToConversion)}>
          <Text size="xs" c="dimmed">
            <Change value={comparison.timeToConversionChange} lowerIsBetter /> vs{' '}
            {minutes(previous.averageTimeToConversion)} before
          </Text>
        </StatCard>
      </SimpleGrid>
      <ScrollTable minWidth={640}>
        <Table verticalSpacing="xs" striped aria-label="Step-by-step comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Step</Table.Th>
              <Table.Th ta="right">Visitors</Table.Th>
              <Table.Th ta="right">Previous</Table.Th>
              <Table.Th ta="right">Change</Table.Th>
              <Table.Th ta="right">Conversion</Table.Th>
              <Table.Th ta="right">Previous</Table.Th>
              <Table.Th ta="right">Change</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {comparison.stepChanges.map((s, i) => {
              const now = current.stepConversions[i];
              const then = before.get(s.stepId);
              return (
                <Table.Tr key={s.stepId}>
                  <Table.Td fw={500}>
                    {i + 1}. {s.stepName}
                  </Table.Td>
                  <Table.Td ta="right">{now?.visitors.toLocaleString()}</Table.Td>
                  <Table.Td ta="right">{then?.visitors.toLocaleString()}</Table.Td>
                  <Table.Td ta="right">
                    <Change value={s.visitorsChange} />
                  </Table.Td>
                  <Table.Td ta="right">{now ? percent(now.conversionRate) : ''}</Table.Td>
                  <Table.Td ta="right">{then ? percent(then.conversionRate) : ''}</Table.Td>
                  <Table.Td ta="right">
                    <Change value={s.conversionRateChange} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Alert variant="light" color="yellow" title="Improvement Opportunities" icon={<IconBulb />}>
        {weak.length === 0 ? (
          <Text size="sm">No step's conversion rate fell by more than 5% against the previous period.</Text>
        ) : (
          <List size="sm" spacing={4}>
            {weak.map((s) => (
              <List.Item key={s.stepId}>
                <Text span fw={600} inherit>
                  {s.stepName}
                </Text>
                : conversion rate {changeText(s.conversionRateChange)} against the previous period. Look at
                what visitors meet between the step before and this one.
              </List.Item>
            ))}
          </List>
        )}
      </Alert>
      <Text size="xs" c="dimmed">
        {PERIOD_LABELS[current.timeRange]} against the {PERIOD_LABELS[previous.timeRange].toLowerCase()}{' '}
        before it. Changes are relative to the previous period; '—' where the previous period has nothing to
        compare with.
      </Text>
    </Stack>
  );
}
