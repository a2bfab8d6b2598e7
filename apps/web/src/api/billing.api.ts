import type {
  AcceptedInvitation,
  BillingOverview,
  Invitation,
  InvitationPreview,
  InvitationResult,
  Invoice,
  Member,
  MemberRoleChange,
  NewInvitation,
  Organization,
  RedirectUrl,
} from '@ocx/contracts';
import type { PlanId } from '@ocx/core';
import { api } from './client';

const org = (organizationId: string) => `organizationId=${encodeURIComponent(organizationId)}`;
const orgPath = (organizationId: string) => `/api/organizations/${encodeURIComponent(organizationId)}`;

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
  changeRole: (organizationId: string, userId: string, change: MemberRoleChange) =>
    api<Member>('PATCH', `${orgPath(organizationId)}/members/${encodeURIComponent(userId)}`, change),
  removeMember: (organizationId: string, userId: string) =>
    api<void>('DELETE', `${orgPath(organizationId)}/members/${encodeURIComponent(userId)}`),
  leave: (organizationId: string) => api<void>('POST', `${orgPath(organizationId)}/leave`),
  invitations: (organizationId: string) => api<Invitation[]>('GET', `${orgPath(organizationId)}/invitations`),
  invite: (organizationId: string, invitation: NewInvitation) =>
    api<InvitationResult>('POST', `${orgPath(organizationId)}/invitations`, invitation),
  revokeInvitation: (organizationId: string, invitationId: string) =>
    api<void>('DELETE', `${orgPath(organizationId)}/invitations/${encodeURIComponent(invitationId)}`),
  invitation: (token: string) =>
    api<InvitationPreview>('GET', `/api/invitations/${encodeURIComponent(token)}`),
  acceptInvitation: (token: string) =>
    api<AcceptedInvitation>('POST', `/api/invitations/${encodeURIComponent(token)}/accept`),
  portal: (organizationId: string) => api<RedirectUrl>('POST', '/api/billing/portal', { organizationId }),
};
