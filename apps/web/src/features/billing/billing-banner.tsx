import { Anchor, Paper, Text } from '@mantine/core';
import type { BillingOverview } from '@ocx/contracts';
import { DAY_MS } from '@ocx/core';
import { IconCreditCard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useBillingOverview, useOrganizations } from '../../api/queries/use-billing';

/**
 * Above every signed-in screen: the trial's last 3 days and after it (no plan yet), and a month
 * over the plan's events. Events are never refused (docs/decisions.md#plans-and-limits); this asks to upgrade.
 */
export function BillingBanner() {
  const organizations = useOrganizations();
  const own = organizations.data?.find((o) => o.role === 'owner') ?? null;
  const overview = useBillingOverview(own?.id ?? null);
  const data = overview.data;
  if (!data?.billingEnabled) return null;
  const trial = trialMessage(data);
  const message = data.usage.overQuota
    ? 'This month’s events are over your plan’s limit. They are still recorded; upgrade to stay within your plan.'
    : trial;
  if (!message) return null;
  return (
    <Paper component="section" aria-label="Plan" withBorder p="sm" mb="md" bg="orange.0" c="dark">
      <Text size="sm">
        <IconCreditCard size={16} style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
        {message}{' '}
        <Anchor component={Link} to="/billing" fw={600}>
          {data.usage.overQuota ? 'Upgrade your plan' : 'Choose a plan'}
        </Anchor>
      </Text>
    </Paper>
  );
}

/** The trial's last 3 days and after it, while no plan is active (core's showsTrialBanner, on this clock). */
function trialMessage(data: BillingOverview): string | null {
  const ends = data.organization.trialEndsAt;
  if (data.limitSource === 'plan' || !ends) return null;
  const left = Date.parse(ends) - Date.now();
  if (left > 3 * DAY_MS) return null;
  if (left <= 0) return 'Your free trial has ended.';
  const days = Math.ceil(left / DAY_MS);
  return `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'}.`;
}
