import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { BillingOverview } from '@ocx/contracts';
import { trialDaysLeft } from '@ocx/core';
import { activePlanOf, billingTexts, formatDate, statusLabel } from './billing-format';

/** Spec §4 Subscription: plan, status and renewal date, the cancel notice; or the trial. */
export function SubscriptionCard({ overview }: { overview: BillingOverview }) {
  const { organization: org } = overview;
  const plan = activePlanOf(overview);
  return (
    <Card withBorder padding="lg" component="section" aria-label="Current subscription">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Current subscription
        </Title>
        {plan ? (
          <>
            <Group gap="sm">
              <Text fw={600} size="lg">
                {plan.name}
              </Text>
              <Badge color="green" variant="light">
                {statusLabel(org.status)}
              </Badge>
            </Group>
            {org.currentPeriodEnd ? (
              <Text size="sm">
                {org.cancelAtPeriodEnd ? 'Access until' : 'Renews on'} {formatDate(org.currentPeriodEnd)}
              </Text>
            ) : null}
            {org.cancelAtPeriodEnd ? (
              <Text size="sm" c="orange.8">
                Your subscription is canceled and ends at the end of the current period.
              </Text>
            ) : null}
          </>
        ) : (
          <>
            <Group gap="sm">
              <Text fw={600} size="lg">
                No active subscription
              </Text>
              {org.plan !== 'trial' && org.plan !== 'free' ? (
                <Badge color="orange" variant="light">
                  {statusLabel(org.status)}
                </Badge>
              ) : null}
            </Group>
            {overview.billingEnabled && org.trialEndsAt ? <TrialLine trialEndsAt={org.trialEndsAt} /> : null}
            {overview.billingEnabled ? (
              <Text size="sm" c="dimmed">
                {billingTexts.fallbackRules}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}

function TrialLine({ trialEndsAt }: { trialEndsAt: string }) {
  // This browser's clock, as the trial banner counts.
  const left = trialDaysLeft(Date.parse(trialEndsAt), Date.now());
  if (left > 0)
    return (
      <Text size="sm">
        Free trial: {left} {left === 1 ? 'day' : 'days'} left (ends {formatDate(trialEndsAt)})
      </Text>
    );
  return <Text size="sm">Your free trial ended on {formatDate(trialEndsAt)}.</Text>;
}
