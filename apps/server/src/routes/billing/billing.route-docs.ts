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
import type { RouteDoc } from '../../plugins/route-doc';
import {
  INVITATION_DAYS,
  INVITATIONS_PER_ADDRESS_DAY,
  INVITATIONS_PER_ORGANIZATION_HOUR,
} from '../../services/accounts/invitation.service';

const INVITING =
  `Every address gets a mail with a link that works for ${INVITATION_DAYS} days, whether or not it has an OCX account (the answer is the same: status "invited"). ` +
  'The invitee becomes a member by accepting it signed in with that address, verified. Inviting the same address again renews the link; an existing member is refused (400). ' +
  `At most ${INVITATIONS_PER_ORGANIZATION_HOUR} invitation mails per organization per hour and ${INVITATIONS_PER_ADDRESS_DAY} per address per day (429).`;

/** The OpenAPI entries of organizations and billing (route-docs.ts gathers them with the others). */
export const billingDocs: Record<string, RouteDoc> = {
  'GET /api/organizations': {
    tag: 'Organizations',
    summary: "The organizations the user belongs to, with the user's role, plan and trial",
    response: Organizations,
  },
  'GET /api/organizations/:id/members': {
    tag: 'Organizations',
    summary: "An organization's members, roles and statuses",
    description:
      'A member whose address is not verified has status "waiting_for_verification": the membership gives no access until they verify it (the organization they founded at sign-up excepted).',
    response: Members,
  },
  'POST /api/organizations/:id/members': {
    tag: 'Organizations',
    summary: 'Invite an email as admin or viewer (owners and admins): the same as POST …/invitations',
    description: INVITING,
    response: InvitationResult,
    errors: [429],
  },
  'PATCH /api/organizations/:id/members/:userId': {
    tag: 'Organizations',
    summary: "Change a member's role (owners and admins; only owners make an owner or change one)",
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
    description: INVITING,
    response: InvitationResult,
    errors: [429],
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
    description:
      'The address must be verified first (403 until it is; the invitation stays valid). An expired invitation gets 400, another address 403, a revoked or used one 404.',
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
