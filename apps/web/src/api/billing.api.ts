import type { BillingOverview, Invoice, Member, NewMember, Organization, RedirectUrl } from '@ocx/contracts';
import type { PlanId } from '@ocx/core';
import { api } from './client';

const org = (organizationId: string) => `organizationId=${encodeURIComponent(organizationId)}`;

/** The user's organizations, their plan and usage, and Stripe Checkout, portal and invoices. */
export const billingApi = {
  organizations: () => api<Organization[]>('GET', '/api/organizations'),
  overview: (organizationId: string) =>
    api<BillingOverview>('GET', `/api/billing/overview?${org(organizationId)}`),
  invoices: (organizationId: string) => api<Invoice[]>('GET', `/api/billing/invoices?${org(organizationId)}`),
  checkout: (planId: PlanId, organizationId: string) =>
    api<RedirectUrl>('POST', '/api/billing/checkout', { planId, organizationId }),
  members: (organizationId: string) =>
    api<Member[]>('GET', `/api/organizations/${encodeURIComponent(organizationId)}/members`),
  addMember: (organizationId: string, member: NewMember) =>
    api<Member>('POST', `/api/organizations/${encodeURIComponent(organizationId)}/members`, member),
  portal: (organizationId: string) => api<RedirectUrl>('POST', '/api/billing/portal', { organizationId }),
};
