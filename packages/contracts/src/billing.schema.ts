import { z } from 'zod';
import { Organization } from './api.schema';

export const PlanIdSchema = z.enum(['starter', 'professional', 'enterprise']);

export const OrganizationQuery = z.object({ organizationId: z.string().min(1).max(200) });
export type OrganizationQuery = z.infer<typeof OrganizationQuery>;

export const CheckoutRequest = z.object({ planId: PlanIdSchema, organizationId: z.string().min(1).max(200) });
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

export const PortalRequest = OrganizationQuery;
export type PortalRequest = OrganizationQuery;

/** Where the browser goes next (Stripe Checkout or the billing portal). */
export const RedirectUrl = z.object({ url: z.string() });
export type RedirectUrl = z.infer<typeof RedirectUrl>;

/** Spec §3 Invoice: created in unix seconds, amount_paid in cents. */
export const Invoice = z.object({
  id: z.string(),
  created: z.number(),
  description: z.string().nullable(),
  amount_paid: z.number(),
  status: z.string().nullable(),
  hosted_invoice_url: z.string().nullable(),
});
export type Invoice = z.infer<typeof Invoice>;
export const Invoices = z.array(Invoice);

export const Organizations = z.array(Organization);

/** The Billing screen's state: billing on or off, limits in force and this month's usage. */
export const BillingOverview = z.object({
  billingEnabled: z.boolean(),
  organization: Organization,
  limitSource: z.enum(['unlimited', 'plan', 'trial', 'trial-ended']),
  trialDaysLeft: z.number(),
  showTrialBanner: z.boolean(),
  usage: z.object({
    /** Events of the calendar month (UTC) so far. */
    events: z.number(),
    eventsLimit: z.number().nullable(),
    websites: z.number(),
    websitesLimit: z.number().nullable(),
    overQuota: z.boolean(),
  }),
});
export type BillingOverview = z.infer<typeof BillingOverview>;

export const MemberRole = z.enum(['owner', 'admin', 'viewer']);
export const OrganizationParams = z.object({ id: z.string().min(1).max(200) });

/** Adding someone who already has an OCX account: admins manage websites and billing, viewers only read. */
export const NewMember = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')),
  role: z.enum(['admin', 'viewer']),
});
export type NewMember = z.infer<typeof NewMember>;

export const Member = z.object({ userId: z.string(), email: z.string(), role: MemberRole });
export type Member = z.infer<typeof Member>;
export const Members = z.array(Member);

export const MemberParams = z.object({ id: z.string().min(1).max(200), userId: z.string().min(1).max(200) });
/** A member's new role; owners stay owners (an organization keeps its owner). */
export const MemberRoleChange = z.object({ role: z.enum(['owner', 'admin', 'viewer']) });
export type MemberRoleChange = z.infer<typeof MemberRoleChange>;

/** Inviting by email: an existing account is added at once, any other address gets a mailed link. */
export const NewInvitation = NewMember;
export type NewInvitation = NewMember;

/** A pending invitation (the token only ever travels in the mail). */
export const Invitation = z.object({
  id: z.string(),
  email: z.string(),
  role: MemberRole,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;
export const Invitations = z.array(Invitation);

export const InvitationResult = z.union([
  z.object({ status: z.literal('added'), member: Member }),
  z.object({ status: z.literal('invited'), invitation: Invitation }),
]);
export type InvitationResult = z.infer<typeof InvitationResult>;

export const InvitationParams = z.object({
  id: z.string().min(1).max(200),
  invitationId: z.string().min(1).max(200),
});
export const InvitationTokenParams = z.object({ token: z.string().min(20).max(200) });

/** What the invitation link's page shows before it is accepted. */
export const InvitationPreview = z.object({
  organizationName: z.string(),
  email: z.string(),
  role: MemberRole,
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const AcceptedInvitation = z.object({ organizationId: z.string(), role: MemberRole });
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>;
