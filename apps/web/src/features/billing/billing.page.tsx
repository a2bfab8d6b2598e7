import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messages } from '@ocx/contracts';
import { useBillingOverview, useCheckout, usePortal } from '../../api/queries/use-billing';
import { ErrorPanel } from '../../components/error-panel';
import { SectionLoader } from '../../components/full-page-loader';
import {
  NO_ORGANIZATION,
  OrganizationSelect,
  useOrganizationChoice,
} from '../../components/organizations/organization-choice';
import { PageHeader } from '../../components/page-header';
import { screenTitle } from '../../components/screen-names';
import { billingTexts } from './billing-format';
import { PaymentHistory } from './payment-history';
import { PlanCards } from './plan-cards';
import { SubscriptionCard } from './subscription-card';
import { UsageCard } from './usage-card';

const TITLE = screenTitle('/billing');

/** Spec §2 Billing: the subscription, usage, three plan cards and the payment history (members: Team). */
export default function BillingPage() {
  const { organizations, list, organization, choose } = useOrganizationChoice();
  const organizationId = organization?.id ?? null;
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
        actions={<OrganizationSelect list={list} value={organizationId} onChange={choose} />}
      />
      {organizations.isPending ? (
        <SectionLoader label="Loading billing..." />
      ) : organizations.error ? (
        <ErrorPanel message={messages.common.unexpected} detail={organizations.error.message} />
      ) : !organizationId ? (
        <Alert color="red" variant="light" role="alert">
          {NO_ORGANIZATION}
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
        </Stack>
      )}
    </>
  );
}
