import { Box, Card, Group, Text, Title, useMantineTheme } from '@mantine/core';
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
          label: 'Clicks (page views)',
          color: theme.colors.ocx?.[7] ?? theme.colors.teal[7],
          values: data.series.map((p) => p.pageviews),
        },
        { label: 'Visitors', color: theme.colors.blue[6], values: data.series.map((p) => p.visitors) },
      ],
    }),
    [data.series, data.bucket, data.timezone, theme],
  );
  const per = data.bucket === 'hour' ? 'hour' : 'day';
  const live = data.liveVisitors > 0;
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
        {/* A badge's look without Badge's code (the dashboard's first load stays in its budget). */}
        <Group
          gap={6}
          wrap="nowrap"
          px="sm"
          py={6}
          bg={`var(--mantine-color-${live ? 'ocx' : 'gray'}-light)`}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          data-testid="live-visitors"
        >
          <Box w={8} h={8} bg={live ? 'ocx.6' : 'gray.5'} style={{ borderRadius: '50%' }} />
          <Text size="xs" fw={700} c={`var(--mantine-color-${live ? 'ocx' : 'gray'}-light-color)`}>
            {formatCount(data.liveVisitors)} {data.liveVisitors === 1 ? 'visitor' : 'visitors'} in the last 5
            minutes
          </Text>
        </Group>
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
