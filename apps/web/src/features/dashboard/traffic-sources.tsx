import { Card, Grid, Group, Progress, Text, Title } from '@mantine/core';
import type { BreakdownRow, TrafficChannel } from '@ocx/contracts';
import { visitorShare } from '@ocx/core';
import { PANEL_ROWS, useBreakdown } from '../../api/queries/use-breakdown';
import { MetricHelp } from '../../components/metric-help';
import type { DashboardBreakdowns, OnFilter } from './dashboard-filters';
import { CHANNEL_CARDS, formatCount } from './dashboard-format';
import { FilterButton } from './filter-button';

const COLORS: Record<TrafficChannel, string> = {
  direct: 'gray.6',
  organic: 'teal.6',
  social: 'grape.6',
  email: 'orange.6',
  referral: 'blue.6',
  paid: 'ocx.7',
};

/**
 * Spec §2 Traffic Source Distribution, plus paid (docs/definitions.md#channels): visitors per
 * channel and their share of all visitors, the rows of the Sources panel's Channels tab read with
 * the same request (docs/metrics.md#visitors-by-source). A channel with visitors filters the dashboard by it.
 */
export function TrafficSources({
  breakdowns,
  onFilter,
}: {
  breakdowns: DashboardBreakdowns;
  onFilter?: OnFilter | undefined;
}) {
  const query = useBreakdown(breakdowns.source, {
    range: breakdowns.range,
    dimension: 'channel',
    filters: breakdowns.filters,
    limit: PANEL_ROWS,
  });
  const rows = new Map<string | null, BreakdownRow>((query.data?.rows ?? []).map((r) => [r.value, r]));
  const scope = query.data?.visitors ?? 0;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="traffic-sources">
      <Group gap={6} mb={4} wrap="nowrap">
        <Title order={4} id="traffic-sources">
          Traffic Source Distribution
        </Title>
        <MetricHelp term="visitors-by-source" hint="Visitors who arrived, by channel" />
      </Group>
      <Text size="xs" c="dimmed" mb="md">
        {query.error
          ? `Failed to load channels: ${query.error.message}`
          : query.data
            ? 'Visitors per channel and their share of all visitors'
            : 'Loading channels...'}
      </Text>
      <Grid gap="sm">
        {CHANNEL_CARDS.map(({ channel, label }) => {
          const visitors = rows.get(channel)?.visitors ?? 0;
          const share = visitorShare(visitors, scope);
          return (
            <Grid.Col key={channel} span={{ base: 6, sm: 4, lg: 2 }}>
              <Card withBorder padding="sm" radius="md" h="100%" data-testid={`channel-${channel}`}>
                <Group justify="space-between" align="baseline" wrap="nowrap" gap="xs">
                  {onFilter && visitors > 0 ? (
                    <FilterButton
                      label={`channel ${label}`}
                      onClick={() => onFilter('channel', channel, label)}
                    >
                      <Text size="sm" fw={500} c="var(--mantine-color-anchor)">
                        {label}
                      </Text>
                    </FilterButton>
                  ) : (
                    <Text size="sm" fw={500}>
                      {label}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {share.toFixed(1)}%
                  </Text>
                </Group>
                <Text
                  fz={22}
                  fw={700}
                  mt={2}
                  data-testid="channel-count"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {query.data ? formatCount(visitors) : '…'}
                </Text>
                <Text size="xs" c="dimmed" mb={8}>
                  {visitors === 1 ? 'visitor' : 'visitors'}
                </Text>
                <Progress
                  value={share}
                  color={COLORS[channel]}
                  size="sm"
                  aria-label={`${label} share of visitors`}
                />
              </Card>
            </Grid.Col>
          );
        })}
      </Grid>
    </Card>
  );
}
