import { BillingOverview, Invoices, Organizations, RedirectUrl } from '@ocx/contracts';
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
  },
  'POST /api/organizations/:id/members': {
    tag: 'Organizations',
    summary: 'Add an existing account as admin or viewer (owners and admins); they get a mail',
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
