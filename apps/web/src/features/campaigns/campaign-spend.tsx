import { Button, Group, Stack, Text } from '@mantine/core';
import type { Campaign } from '@ocx/contracts';
import { IconCoin } from '@tabler/icons-react';
import {
  formatCost,
  formatCpa,
  formatRoas,
  roasHint,
  SPEND_HINTS,
} from '../../components/costs/spend-format';
import { MetricHelp, type MetricTerm } from '../../components/metric-help';

/** Cost, CPA and ROAS of all time under the website's model; without spend, how to add it. */
export function CampaignSpend({ campaign, onAdd }: { campaign: Campaign; onAdd(): void }) {
  const { spend } = campaign;
  const add = (
    <Button variant="light" size="xs" leftSection={<IconCoin size={14} />} onClick={onAdd}>
      Add spend
    </Button>
  );
  if (Object.keys(spend.cost).length === 0)
    return (
      <Group justify="space-between" gap="sm" wrap="wrap" data-testid="campaign-spend">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 220px' }}>
          No ad spend yet. Add it by hand, or import a Google Ads, Meta or Microsoft Ads report with Import
          costs.
        </Text>
        {add}
      </Group>
    );
  const items: [string, string[], MetricTerm, string][] = [
    ['Cost', formatCost(spend.cost), 'cost', SPEND_HINTS.cost],
    ['CPA', formatCpa(spend.cpa), 'cpa', SPEND_HINTS.cpa],
    ['ROAS', [formatRoas(spend.roas)], 'roas', roasHint(spend) ?? SPEND_HINTS.roas],
  ];
  return (
    <Group gap="lg" wrap="wrap" align="flex-end" data-testid="campaign-spend">
      {items.map(([label, lines, term, hint]) => (
        <Stack key={label} gap={0} data-metric={label} style={{ flex: '1 0 auto' }}>
          <Text size="xs" c="dimmed">
            {label} <MetricHelp term={term} hint={hint} />
          </Text>
          {lines.map((line) => (
            <Text key={line} fw={600}>
              {line}
            </Text>
          ))}
        </Stack>
      ))}
      {add}
    </Group>
  );
}
