import { Card, Grid, Group, Text, ThemeIcon, useComputedColorScheme } from '@mantine/core';
import type { Dashboard, DashboardPrevious } from '@ocx/contracts';
import { IconClick, IconFileText, IconPercentage, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MetricHelp, type MetricTerm } from '../../components/metric-help';
import { formatCount, formatPercent } from './dashboard-format';
import { type PeriodChangeText, periodChangeText } from './period-change';

// Dark shades on the light theme, light ones on the dark: small text needs 4.5:1 contrast.
const CHANGE_COLORS = {
  light: { up: 'teal.9', down: 'red.9', flat: 'dimmed' },
  dark: { up: 'teal.4', down: 'red.4', flat: 'dimmed' },
} as const;
const CHANGE_ARROWS = { up: '▲', down: '▼', flat: '' } as const;

function StatCard({
  label,
  value,
  unit,
  icon,
  term,
  change,
}: {
  label: string;
  value: string;
  /** What the number counts, under it (the spec's label stays the card's name). */
  unit: string;
  icon: ReactNode;
  term: MetricTerm;
  change?: PeriodChangeText | undefined;
}) {
  const scheme = useComputedColorScheme('light');
  return (
    <Card withBorder padding="lg" radius="md" h="100%" data-testid={`card-${label}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" c="dimmed" fw={500}>
              {label}
            </Text>
            <MetricHelp term={term} />
          </Group>
          <Text
            fz={28}
            fw={700}
            lh={1.2}
            mt={4}
            style={{ fontVariantNumeric: 'tabular-nums' }}
            data-testid="card-value"
          >
            {value}
          </Text>
          <Text size="xs" c="dimmed" data-testid="card-unit">
            {unit}
          </Text>
          {change ? (
            <Text size="xs" c={CHANGE_COLORS[scheme][change.direction]} mt={2} data-testid="period-change">
              {CHANGE_ARROWS[change.direction]} {change.text}
            </Text>
          ) : null}
        </div>
        <ThemeIcon variant="light" size={40} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

const CARD_SPAN = { base: 12, xs: 6, lg: 3 };

/** Spec §2: the four cards; with the previous period's figures, each says how it changed. */
export function SummaryCards({ data, previous }: { data: Dashboard; previous?: DashboardPrevious | null }) {
  const change = (current: number, before: number | undefined, kind: 'count' | 'rate' = 'count') =>
    previous && before !== undefined ? periodChangeText(current, before, kind, data.range) : undefined;
  const cards = [
    {
      label: 'Total Clicks',
      value: formatCount(data.totalClicks),
      unit: 'page views',
      icon: <IconClick size={22} />,
      term: 'total-clicks',
      change: change(data.totalClicks, previous?.totalClicks),
    },
    {
      label: 'Unique Visitors',
      value: formatCount(data.uniqueVisitors),
      unit: 'visitors',
      icon: <IconUsers size={22} />,
      term: 'unique-visitors',
      change: change(data.uniqueVisitors, previous?.uniqueVisitors),
    },
    {
      label: 'Pages Visited',
      value: formatCount(data.pagesVisited),
      unit: 'distinct pages',
      icon: <IconFileText size={22} />,
      term: 'pages-visited',
      change: change(data.pagesVisited, previous?.pagesVisited),
    },
    {
      label: 'Conversion Rate',
      value: formatPercent(data.conversionRate),
      unit: `${formatCount(data.convertedVisitors)} of ${formatCount(data.uniqueVisitors)} visitors converted`,
      icon: <IconPercentage size={22} />,
      term: 'conversion-rate',
      change: change(data.conversionRate, previous?.conversionRate, 'rate'),
    },
  ] as const;
  return (
    // Grid rather than SimpleGrid: the traffic panels load Grid anyway, one component less to fetch.
    <Grid gap="md">
      {cards.map((card) => (
        <Grid.Col key={card.label} span={CARD_SPAN}>
          <StatCard {...card} />
        </Grid.Col>
      ))}
    </Grid>
  );
}
