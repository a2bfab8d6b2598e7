import { Card, Grid, Group, Progress, Text, Title } from '@mantine/core';
import type { Dashboard, TrafficChannel } from '@ocx/contracts';
import { MetricHelp } from '../../components/metric-help';
import type { OnFilter } from './dashboard-filters';
import { CHANNEL_CARDS, channelShares, formatCount } from './dashboard-format';
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
 * Spec §2 Traffic Source Distribution, plus paid (docs/definitions.md#channels): clicks per channel and their share. A
 * channel with visits filters the dashboard by it.
 */
export function TrafficSources({
  sources,
  onFilter,
}: {
  sources: Dashboard['trafficSources'];
  onFilter?: OnFilter | undefined;
}) {
  const shares = channelShares(sources);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="traffic-sources">
      <Group gap={6} mb="md" wrap="nowrap">
        <Title order={4} id="traffic-sources">
          Traffic Source Distribution
        </Title>
        <MetricHelp term="visits" hint="Visits that arrived, by channel" />
      </Group>
      <Grid gap="sm">
        {CHANNEL_CARDS.map(({ channel, label }) => (
          <Grid.Col key={channel} span={{ base: 6, sm: 4, lg: 2 }}>
            <Card withBorder padding="sm" radius="md" h="100%" data-testid={`channel-${channel}`}>
              <Group justify="space-between" align="baseline" wrap="nowrap" gap="xs">
                {onFilter && sources[channel] > 0 ? (
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
                  {shares[channel].toFixed(1)}%
                </Text>
              </Group>
              <Text
                fz={22}
                fw={700}
                mt={2}
                mb={8}
                data-testid="channel-count"
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {formatCount(sources[channel])}
              </Text>
              <Progress
                value={shares[channel]}
                color={COLORS[channel]}
                size="sm"
                aria-label={`${label} share of clicks`}
              />
            </Card>
          </Grid.Col>
        ))}
      </Grid>
    </Card>
  );
}
