import type { BillingOverview } from '@ocx/contracts';
import { planById } from '@ocx/core';

/** Billing's own wording; the spec gives the error texts and the empty state. */
export const billingTexts = {
  invoicesFailed: 'Failed to fetch invoices',
  checkoutFailed: 'Failed to create checkout session',
  portalFailed: 'Failed to create billing portal session',
  noPayments: 'No payment history found.',
  notConfigured:
    'Billing is not configured on this server (no Stripe key), so no plan limits apply. The plans below are what a hosted OCX offers.',
  viewerOnly: 'Only owners and admins of this organization can change its plan.',
  fallbackRules:
    'Without an active subscription (during the trial, after it, or when a payment is past due or the subscription is canceled) Starter’s limits apply: 100,000 events a month and 1 website. Events over the limit are still recorded.',
};

export const formatDate = (iso: string | number) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export const formatUsd = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** The paid plan in force, or null (spec §4: plan 'free', 'trial' or none is no active subscription). */
export function activePlanOf(overview: BillingOverview) {
  return overview.limitSource === 'plan' ? (planById(overview.organization.plan) ?? null) : null;
}

export const formatLimit = (n: number | null) => (n === null ? 'Unlimited' : n.toLocaleString('en-US'));

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;
