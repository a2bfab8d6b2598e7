import { Group, Stack, Text } from '@mantine/core';
import type { CampaignMetrics } from '@ocx/contracts';
import type { ReactNode } from 'react';
import { ConversionCount } from '../attribution/conversion-count';
import { formatAmounts } from '../logs/log-format';
import { METRIC_TERMS, MetricHelp, type MetricTerm } from '../metric-help';

const number = (n: number) => n.toLocaleString();

interface Figure {
  label: string;
  lines: ReactNode[] | string[];
  /** What the number counts, under it (docs/metrics.md). */
  unit: string;
  term: MetricTerm;
  hint: string;
}

/**
 * Clicks, conversions and conversion rate (one decimal) as the server computed them, each with
 * its unit under it; revenue a line per currency. `clicksLabel`: a source card says its clicks
 * are campaign clicks, which differ from the dashboard's channel of the same name on purpose.
 */
export function MetricsRow({
  metrics,
  revenue = false,
  clicksLabel = 'Clicks',
  clicksUnit = 'visits that arrived',
}: {
  metrics: CampaignMetrics;
  revenue?: boolean;
  clicksLabel?: string;
  clicksUnit?: string;
}) {
  const items: Figure[] = [
    {
      label: clicksLabel,
      lines: [number(metrics.clicks)],
      unit: clicksUnit,
      term: 'visits',
      hint: METRIC_TERMS.visits,
    },
    {
      label: 'Conversions',
      lines: [<ConversionCount key="count" value={metrics.conversions} />],
      unit: 'credited by the model',
      term: 'conversions',
      hint: 'Conversions credited to it under the website’s attribution model',
    },
    {
      label: 'Conv. Rate',
      lines: [`${metrics.conversionRate.toFixed(1)}%`],
      unit: `${number(metrics.convertedVisitors)} of ${number(metrics.visitors)} ${metrics.visitors === 1 ? 'visitor' : 'visitors'}`,
      term: 'conversion-rate',
      hint: 'Visitors it brought who completed any goal ÷ visitors it brought',
    },
  ];
  if (revenue)
    items.push({
      label: 'Revenue',
      lines: formatAmounts(metrics.revenueByCurrency),
      unit: 'credited value',
      term: 'revenue',
      hint: METRIC_TERMS.revenue,
    });
  return (
    // Wraps on a narrow card rather than cutting a figure.
    <Group gap="lg" wrap="wrap" align="flex-start">
      {items.map(({ label, lines, unit, term, hint }) => (
        <Stack key={label} gap={0} data-metric={label} style={{ flex: '1 0 auto' }}>
          <Text size="xs" c="dimmed">
            {label} <MetricHelp term={term} hint={hint} />
          </Text>
          {lines.map((line) => (
            <Text key={typeof line === 'string' ? line : 'count'} fw={600}>
              {line}
            </Text>
          ))}
          <Text size="xs" c="dimmed" data-testid="metric-unit">
            {unit}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}
