import type { BillingOverview, Organization } from '@ocx/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import BillingPage from './billing.page';
import { BillingBanner } from './billing-banner';

const DAY = 86_400_000;
const org = (over: Partial<Organization> = {}): Organization => ({
  id: 'org-1',
  name: 'ann@example.com',
  plan: 'trial',
  status: 'trialing',
  trialEndsAt: new Date(Date.now() + 10 * DAY).toISOString(),
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  role: 'owner',
  ...over,
});
const overview = (organization: Organization, over: Partial<BillingOverview> = {}): BillingOverview => ({
  billingEnabled: true,
  organization,
  limitSource: 'trial',
  trialDaysLeft: 10,
  showTrialBanner: false,
  usage: { events: 120, eventsLimit: 100_000, websites: 1, websitesLimit: 1, overQuota: false },
  ...over,
});

describe('billing screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says 'No organization selected' in a red box when the user has none", async () => {
    fakeApi({ '/api/organizations': () => ({ body: [] }) });
    renderScreen(<BillingPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('No organization selected');
  });

  it('shows an active plan with its renewal date and the cancel-at-period-end notice', async () => {
    const paid = org({
      plan: 'starter',
      status: 'active',
      currentPeriodEnd: '2030-03-01T12:00:00.000Z',
      cancelAtPeriodEnd: true,
    });
    fakeApi({
      '/api/organizations': () => ({ body: [paid] }),
      '/api/billing/overview': () => ({ body: overview(paid, { limitSource: 'plan' }) }),
      '/api/billing/invoices': () => ({ body: [] }),
    });
    renderScreen(<BillingPage />);
    expect(await screen.findByText('Access until March 1, 2030')).toBeTruthy();
    expect(screen.getByText(/ends at the end of the current period/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Manage' })).toHaveLength(3);
    expect(await screen.findByText('No payment history found.')).toBeTruthy();
    // Quotas stay per UTC month whatever the websites' zones (docs/definitions.md#time-zone).
    expect(screen.getByText(/Events count per UTC calendar month/)).toBeTruthy();
  });

  it('lets a viewer see the plans but not choose one, and asks no invoices', async () => {
    const viewed = org({ role: 'viewer' });
    const { requests } = fakeApi({
      '/api/organizations': () => ({ body: [viewed] }),
      '/api/billing/overview': () => ({ body: overview(viewed) }),
    });
    renderScreen(<BillingPage />);
    expect(
      await screen.findByText('Only owners and admins of this organization can change its plan.'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Choose Starter' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requests.some((u) => u.pathname === '/api/billing/invoices')).toBe(false);
  });

  it('keeps plans, usage and payments only: the members are on the Team screen', async () => {
    const own = org();
    const { requests } = fakeApi({
      '/api/organizations': () => ({ body: [own] }),
      '/api/billing/overview': () => ({ body: overview(own) }),
      '/api/billing/invoices': () => ({ body: [] }),
    });
    renderScreen(<BillingPage />);
    expect(await screen.findByText('No payment history found.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Members' })).toBeNull();
    expect(requests.some((u) => u.pathname.endsWith('/members'))).toBe(false);
  });
});

describe('billing banner', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks to upgrade over the quota, linking to Billing', async () => {
    const own = org();
    fakeApi({
      '/api/organizations': () => ({ body: [own] }),
      '/api/billing/overview': () => ({
        body: overview(own, {
          usage: { events: 100_001, eventsLimit: 100_000, websites: 1, websitesLimit: 1, overQuota: true },
        }),
      }),
    });
    renderScreen(<BillingBanner />);
    expect(await screen.findByText(/over your plan’s limit/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/billing');
  });

  it('shows the trial ending in its last 3 days', async () => {
    const ending = org({ trialEndsAt: new Date(Date.now() + 2.5 * DAY).toISOString() });
    fakeApi({
      '/api/organizations': () => ({ body: [ending] }),
      '/api/billing/overview': () => ({ body: overview(ending) }),
    });
    renderScreen(<BillingBanner />);
    expect(await screen.findByText(/Your free trial ends in 3 days\./)).toBeTruthy();
  });
});
