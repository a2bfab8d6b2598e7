import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { Dashboard } from '@ocx/contracts';
import { IconClick, IconFileText, IconPercentage, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MetricHelp, type MetricTerm } from '../../components/metric-help';
import { formatCount, formatPercent } from './dashboard-format';

function StatCard({
  label,
  value,
  icon,
  term,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  term: MetricTerm;
}) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={`card-${label}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" c="dimmed" fw={500}>
              {label}
            </Text>
            <MetricHelp term={term} />
          </Group>
          <Text fz={28} fw={700} lh={1.2} mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Text>
        </div>
        <ThemeIcon variant="light" size={40} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** Spec §2: the four cards. */
export function SummaryCards({ data }: { data: Dashboard }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard
        label="Total Clicks"
        value={formatCount(data.totalClicks)}
        icon={<IconClick size={22} />}
        term="total-clicks"
      />
      <StatCard
        label="Unique Visitors"
        value={formatCount(data.uniqueVisitors)}
        icon={<IconUsers size={22} />}
        term="unique-visitors"
      />
      <StatCard
        label="Pages Visited"
        value={formatCount(data.pagesVisited)}
        icon={<IconFileText size={22} />}
        term="pages-visited"
      />
      <StatCard
        label="Conversion Rate"
        value={formatPercent(data.conversionRate)}
        icon={<IconPercentage size={22} />}
        term="conversion-rate"
      />
    </SimpleGrid>
  );
}
