import { Group, Stack, Text } from '@mantine/core';
import type { CampaignMetrics } from '@ocx/contracts';
import type { ReactNode } from 'react';
import { ConversionCount } from '../attribution/conversion-count';
import { formatAmounts } from '../logs/log-format';
import { METRIC_TERMS, MetricHelp, type MetricTerm } from '../metric-help';

const number = (n: number) => n.toLocaleString();

/**
 * Clicks, conversions and conversion rate (one decimal) as the server computed them; revenue a
 * line per currency.
 */
export function MetricsRow({ metrics, revenue = false }: { metrics: CampaignMetrics; revenue?: boolean }) {
  const items: [string, ReactNode[] | string[], MetricTerm, string][] = [
    ['Clicks', [number(metrics.clicks)], 'visits', METRIC_TERMS.visits],
    [
      'Conversions',
      [<ConversionCount key="count" value={metrics.conversions} />],
      'conversions',
      METRIC_TERMS.conversions,
    ],
    [
      'Conv. Rate',
      [`${metrics.conversionRate.toFixed(1)}%`],
      'conversion-rate',
      'Conversions ÷ visits that arrived (Clicks)',
    ],
  ];
  if (revenue)
    items.push(['Revenue', formatAmounts(metrics.revenueByCurrency), 'revenue', METRIC_TERMS.revenue]);
  return (
    // Wraps on a narrow card rather than cutting a figure.
    <Group gap="lg" wrap="wrap" align="flex-start">
      {items.map(([label, value, term, hint]) => (
        <Stack key={label} gap={0} data-metric={label} style={{ flex: '1 0 auto' }}>
          <Text size="xs" c="dimmed">
            {label} <MetricHelp term={term} hint={hint} />
          </Text>
          {value.map((line) => (
            <Text key={typeof line === 'string' ? line : 'count'} fw={600}>
              {line}
            </Text>
          ))}
        </Stack>
      ))}
    </Group>
  );
}
