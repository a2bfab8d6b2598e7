import { Badge, Box, Card, Group, Text, Title, useMantineTheme } from '@mantine/core';
import type { Dashboard } from '@ocx/contracts';
import { useMemo } from 'react';
import { MetricHelp } from '../../components/metric-help';
import { zoneLabel } from '../../components/time-zone';
import { bucketLabel, formatCount } from './dashboard-format';
import { SeriesPlot } from './series-plot';

/** Beyond the spec: clicks and visitors over the range, and who is on the site right now. */
export function TrafficChart({ data }: { data: Dashboard }) {
  const theme = useMantineTheme();
  const plot = useMemo(
    () => ({
      labels: data.series.map((p) => bucketLabel(p.t, data.bucket, data.timezone)),
      series: [
        {
          label: 'Clicks',
          color: theme.colors.ocx?.[7] ?? theme.colors.teal[7],
          values: data.series.map((p) => p.clicks),
        },
        { label: 'Visitors', color: theme.colors.blue[6], values: data.series.map((p) => p.visitors) },
      ],
    }),
    [data.series, data.bucket, data.timezone, theme],
  );
  const per = data.bucket === 'hour' ? 'hour' : 'day';
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="traffic-over-time">
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <div>
          <Title order={4} id="traffic-over-time">
            Clicks and visitors
          </Title>
          <Text size="xs" c="dimmed">
            Per {per} in {zoneLabel(data.timezone)}: clicks are page views
            {/* A rolling range starts and ends inside a day: its first and last buckets are partial. */}
            {data.startDate && per === 'day' ? '; the first and last days are partial' : ''}{' '}
            <MetricHelp term="total-clicks" hint="Clicks are page views; visitors are distinct visitors" />
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
      {plot.labels.length === 0 ? (
        <Text size="sm" c="dimmed" py="xl" ta="center">
          Nothing to chart yet
        </Text>
      ) : (
        <SeriesPlot
          labels={plot.labels}
          bucketName={per === 'hour' ? 'Hour' : 'Day'}
          series={plot.series}
          ariaLabel={`Clicks and visitors per ${per}, ${plot.labels[0]} to ${plot.labels.at(-1)} (${data.timezone}): ${formatCount(data.totalClicks)} clicks and ${formatCount(data.uniqueVisitors)} visitors in the range`}
        />
      )}
    </Card>
  );
}
