import { Alert, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { useState } from 'react';
import { useBillingOverview, useCheckout, useOrganizations, usePortal } from '../../api/queries/use-billing';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { billingTexts } from './billing-format';
import { MembersCard } from './members-card';
import { PaymentHistory } from './payment-history';
import { PlanCards } from './plan-cards';
import { SubscriptionCard } from './subscription-card';
import { UsageCard } from './usage-card';

const TITLE = 'Billing';

/** Spec §2 Billing: the subscription, usage, three plan cards and the payment history. */
export default function BillingPage() {
  const organizations = useOrganizations();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = organizations.data ?? [];
  // After leaving the chosen organization it is no longer in the list: the first one shows instead.
  const organizationId = list.find((o) => o.id === chosen)?.id ?? list[0]?.id ?? null;
  const overview = useBillingOverview(organizationId);
  const checkout = useCheckout();
  const portal = usePortal();
  const failed = checkout.error
    ? billingTexts.checkoutFailed
    : portal.error
      ? billingTexts.portalFailed
      : null;

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="Your plan, this month's usage and your payments"
        actions={
          list.length > 1 ? (
            <Select
              label="Organization"
              data={list.map((o) => ({ value: o.id, label: `${o.name} (${o.role})` }))}
              value={organizationId}
              onChange={setChosen}
              allowDeselect={false}
              w={260}
            />
          ) : null
        }
      />
      {organizations.isPending ? (
        <SectionLoader label="Loading billing..." />
      ) : organizations.error ? (
        <ErrorPanel message={messages.common.unexpected} detail={organizations.error.message} />
      ) : !organizationId ? (
        <Alert color="red" variant="light" role="alert">
          {billingTexts.noOrganization}
        </Alert>
      ) : overview.isPending ? (
        <SectionLoader label="Loading billing..." />
      ) : overview.error ? (
        <ErrorPanel message={messages.common.unexpected} detail={overview.error.message} />
      ) : (
        <Stack gap="lg">
          {failed ? (
            <Alert color="red" variant="light" role="alert">
              {failed}
            </Alert>
          ) : null}
          {overview.data.billingEnabled ? null : (
            <Alert color="blue" variant="light" title="Billing is not configured">
              {billingTexts.notConfigured}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <SubscriptionCard overview={overview.data} />
            <UsageCard overview={overview.data} />
          </SimpleGrid>
          <Stack gap="sm">
            <Title order={3} size="h4">
              Plans
            </Title>
            {overview.data.billingEnabled && overview.data.organization.role === 'viewer' ? (
              <Text size="sm" c="dimmed">
                {billingTexts.viewerOnly}
              </Text>
            ) : null}
            <PlanCards
              overview={overview.data}
              busy={checkout.isPending || portal.isPending}
              onChoose={(planId) => {
                portal.reset();
                checkout.mutate({ planId, organizationId });
              }}
              onManage={() => {
                checkout.reset();
                portal.mutate(organizationId);
              }}
            />
          </Stack>
          {overview.data.billingEnabled && overview.data.organization.role !== 'viewer' ? (
            <PaymentHistory organizationId={organizationId} />
          ) : null}
          <MembersCard organization={overview.data.organization} />
        </Stack>
      )}
    </>
  );
}
