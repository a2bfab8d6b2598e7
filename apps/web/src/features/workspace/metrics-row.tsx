import { Group, Stack, Text } from '@mantine/core';
import type { CampaignMetrics } from '@ocx/contracts';

const number = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 2 });

/** Clicks, conversions and conversion rate (one decimal) as the server computed them. */
export function MetricsRow({ metrics, revenue = false }: { metrics: CampaignMetrics; revenue?: boolean }) {
  const items: [string, string][] = [
    ['Clicks', number(metrics.clicks)],
    ['Conversions', number(metrics.conversions)],
    ['Conv. Rate', `${metrics.conversionRate.toFixed(1)}%`],
  ];
  if (revenue)
    items.push([
      'Revenue',
      metrics.revenue.toLocaleString(undefined, { style: 'currency', currency: 'USD' }),
    ]);
  return (
    <Group gap="lg" grow wrap="nowrap">
      {items.map(([label, value]) => (
        <Stack key={label} gap={0} data-metric={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={600}>{value}</Text>
        </Stack>
      ))}
    </Group>
  );
}
