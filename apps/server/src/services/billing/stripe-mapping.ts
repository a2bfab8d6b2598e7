import type { Invoice } from '@ocx/contracts';
import { planByLookupKey } from '@ocx/core';
import type Stripe from 'stripe';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export const customerOf = (object: { customer?: string | { id: string } | null }): string | null =>
  idOf(object.customer);

/**
 * The subscription an invoice bills (null for a one-off invoice): `parent.subscription_details`
 * since Stripe's API version 2025-03-31, the top-level `subscription` in webhooks of older versions.
 */
export function subscriptionOf(invoice: Stripe.Invoice): string | null {
  const current = idOf(invoice.parent?.subscription_details?.subscription);
  if (current) return current;
  const legacy = 'subscription' in invoice ? invoice.subscription : null;
  return typeof legacy === 'string' || isIdentified(legacy) ? idOf(legacy) : null;
}

const isIdentified = (value: unknown): value is { id: string } =>
  typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string';

/** What a subscription says about the organization's plan (its price's lookup key names the plan). */
export function subscriptionChanges(subscription: Stripe.Subscription) {
  const item = subscription.items.data[0];
  const plan = item?.price.lookup_key ? planByLookupKey(item.price.lookup_key) : undefined;
  const periodEnd = item?.current_period_end;
  return {
    ...(plan ? { plan: plan.id } : {}),
    status: subscription.status,
    stripe_subscription_id: subscription.id,
    current_period_end: periodEnd ? new Date(periodEnd * 1000).toISOString() : null,
    cancel_at_period_end: subscription.cancel_at_period_end ? 1 : 0,
  };
}

/** Spec §3 Invoice, from Stripe's. */
export function toInvoice(invoice: Stripe.Invoice): Invoice {
  return {
    id: invoice.id ?? '',
    created: invoice.created,
    description: invoice.description ?? null,
    amount_paid: invoice.amount_paid,
    status: invoice.status ?? null,
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
  };
}
