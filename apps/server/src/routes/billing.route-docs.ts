import {
  AcceptedInvitation,
  BillingOverview,
  InvitationPreview,
  InvitationResult,
  Invitations,
  Invoices,
  Member,
  Members,
  Organizations,
  RedirectUrl,
} from '@ocx/contracts';
import type { RouteDoc } from './route-docs';

/** The OpenAPI entries of organizations and billing (route-docs.ts gathers them with the others). */
export const billingDocs: Record<string, RouteDoc> = {
  'GET /api/organizations': {
    tag: 'Organizations',
    summary: "The organizations the user belongs to, with the user's role, plan and trial",
    response: Organizations,
  },
  'GET /api/organizations/:id/members': {
    tag: 'Organizations',
    summary: "An organization's members and roles",
    response: Members,
  },
  'POST /api/organizations/:id/members': {
    tag: 'Organizations',
    summary: 'Add an existing account as admin or viewer (owners and admins); they get a mail',
    response: Member,
  },
  'PATCH /api/organizations/:id/members/:userId': {
    tag: 'Organizations',
    summary: "Change a member's role to admin or viewer (owners and admins; only owners change an owner)",
    description: 'The last owner cannot be demoted (400). Viewers get 403, non-members 404.',
    response: Member,
  },
  'DELETE /api/organizations/:id/members/:userId': {
    tag: 'Organizations',
    summary: 'Remove a member (owners and admins; only owners remove an owner, never the last one)',
  },
  'POST /api/organizations/:id/leave': {
    tag: 'Organizations',
    summary: 'Leave an organization (any member but its last owner)',
    status: 204,
  },
  'GET /api/organizations/:id/invitations': {
    tag: 'Organizations',
    summary: 'Pending invitations by email, with their expiry (owners and admins)',
    response: Invitations,
  },
  'POST /api/organizations/:id/invitations': {
    tag: 'Organizations',
    summary: 'Invite an email as admin or viewer (owners and admins)',
    description:
      'An address with an OCX account is added at once (status "added"); any other gets a mail with a link that works for 7 days (status "invited"). Inviting the same address again renews the link.',
    response: InvitationResult,
  },
  'DELETE /api/organizations/:id/invitations/:invitationId': {
    tag: 'Organizations',
    summary: 'Revoke a pending invitation: its link stops working (owners and admins)',
  },
  'GET /api/invitations/:token': {
    tag: 'Organizations',
    access: 'public',
    summary: "What an invitation link invites to: the organization's name, the address and role, its expiry",
    response: InvitationPreview,
  },
  'POST /api/invitations/:token/accept': {
    tag: 'Organizations',
    summary: 'Accept an invitation: the signed-in user, whose address it was sent to, becomes a member',
    description: 'An expired invitation gets 400, another address 403, a revoked or used one 404.',
    status: 200,
    response: AcceptedInvitation,
  },
  'GET /api/billing/overview': {
    tag: 'Billing',
    summary: 'Whether billing is configured, the limits in force and this calendar month’s usage',
    response: BillingOverview,
  },
  'POST /api/billing/checkout': {
    tag: 'Billing',
    summary: 'A Stripe Checkout session for a plan (owners and admins); the browser goes to its url',
    status: 200,
    response: RedirectUrl,
    errors: [502],
  },
  'POST /api/billing/portal': {
    tag: 'Billing',
    summary: "A Stripe billing-portal session for the organization's customer (owners and admins)",
    status: 200,
    response: RedirectUrl,
    errors: [502],
  },
  'GET /api/billing/invoices': {
    tag: 'Billing',
    summary: "The organization's invoices from Stripe, newest first (owners and admins)",
    response: Invoices,
    errors: [502],
  },
  'POST /api/billing/webhook': {
    tag: 'Billing',
    access: 'public',
    summary: 'Stripe webhook events (signed; each event id applied once, older events never win)',
    status: 200,
    errors: [502],
  },
};
