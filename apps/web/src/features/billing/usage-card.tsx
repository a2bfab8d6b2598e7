import { Card, Progress, Stack, Text, Title } from '@mantine/core';
import type { BillingOverview } from '@ocx/contracts';
import { formatLimit } from './billing-format';

/** This UTC calendar month's events and the websites, against the limits in force (docs/definitions.md#time-zone: billing months stay UTC). */
export function UsageCard({ overview }: { overview: BillingOverview }) {
  const { usage } = overview;
  return (
    <Card withBorder padding="lg" component="section" aria-label="Usage this month">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Usage this month
        </Title>
        <Meter label="Events" used={usage.events} limit={usage.eventsLimit} />
        <Meter label="Websites" used={usage.websites} limit={usage.websitesLimit} />
        <Text size="xs" c="dimmed">
          Events count per UTC calendar month (from the 1st at 00:00 UTC), whatever your websites' time zones.
        </Text>
        {usage.overQuota ? (
          <Text size="sm" c="red.8">
            Over the monthly event limit. Events are still recorded; choose a larger plan to stay within it.
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function Meter({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const share = limit ? Math.min(100, (used / limit) * 100) : 0;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {label}: {used.toLocaleString('en-US')} of {formatLimit(limit)}
      </Text>
      {limit ? (
        <Progress
          value={share}
          color={used > limit ? 'red' : 'teal'}
          aria-label={`${label} used of the limit`}
        />
      ) : null}
    </Stack>
  );
}
