import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BillingOverview } from '@ocx/contracts';
import { PLANS, type Plan, type PlanId } from '@ocx/core';
import { activePlanOf } from './billing-format';

interface Props {
  overview: BillingOverview;
  onChoose: (plan: PlanId) => void;
  onManage: () => void;
  busy: boolean;
}

/**
 * The three plans (spec §9). Without a subscription each says Choose (Stripe Checkout); with one,
 * its card says Current and every card Manage (plan changes happen in the billing portal).
 */
export function PlanCards({ overview, onChoose, onManage, busy }: Props) {
  const current = activePlanOf(overview);
  const canChange = overview.billingEnabled && overview.organization.role !== 'viewer';
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      {PLANS.map((plan) => (
        <PlanCard key={plan.id} plan={plan} current={current?.id === plan.id}>
          {current ? (
            <Button variant="light" onClick={onManage} disabled={!canChange || busy} fullWidth>
              Manage
            </Button>
          ) : (
            <Button onClick={() => onChoose(plan.id)} disabled={!canChange || busy} fullWidth>
              Choose {plan.name}
            </Button>
          )}
        </PlanCard>
      ))}
    </SimpleGrid>
  );
}

function PlanCard({ plan, current, children }: { plan: Plan; current: boolean; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg" component="article" aria-label={`${plan.name} plan`}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Title order={3} size="h4">
              {plan.name}
            </Title>
            {current ? (
              <Badge color="green" variant="filled">
                Current
              </Badge>
            ) : null}
          </Group>
          <Text>
            <Text span fw={700} size="xl">
              ${plan.priceUsd}
            </Text>{' '}
            <Text span c="dimmed" size="sm">
              / month
            </Text>
          </Text>
          <List size="sm" spacing={4}>
            {plan.features.map((f) => (
              <List.Item key={f}>{f}</List.Item>
            ))}
          </List>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
