import type { CheckoutRequest, Invoice, RedirectUrl } from '@ocx/contracts';
import { planById } from '@ocx/core';
import type Stripe from 'stripe';
import { BadGatewayError, ConflictError, ValidationError } from '../../errors';
import type {
  OrganizationRepository,
  StoredOrganization,
} from '../../storage/accounts/organization.repository';
import type { BillingEventRepository } from '../../storage/billing/billing-event.repository';
import type { Access, CurrentUser } from '../platform/access';
import { customerOf, subscriptionChanges, subscriptionOf, toInvoice } from './stripe-mapping';

export const NOT_CONFIGURED = 'Billing is not configured on this server';
export const BAD_SIGNATURE = 'Invalid Stripe signature';

interface BillingDeps {
  organizations: OrganizationRepository;
  events: BillingEventRepository;
  access: Access;
  /** null: self-hosted without Stripe. */
  stripe: Stripe | null;
  webhookSecret: string | null;
  publicUrl: string;
}

/** Stripe Checkout, the billing portal, invoices and the webhook that keeps the plan in step (docs/decisions.md#plans-and-limits). */
export class BillingService {
  constructor(private readonly deps: BillingDeps) {}

  /** A Checkout session for the plan (subscription mode); the organization's customer is made once and reused. */
  async checkout(user: CurrentUser, input: CheckoutRequest): Promise<RedirectUrl> {
    const stripe = this.stripe();
    const org = await this.deps.access.organization(user, input.organizationId, 'manage');
    const plan = planById(input.planId);
    if (!plan) throw new ValidationError('Unknown plan');
    const session = await callStripe(async () => {
      const prices = await stripe.prices.list({ lookup_keys: [plan.lookupKey], active: true, limit: 1 });
      const price = prices.data[0];
      if (!price) throw new BadGatewayError(`No active Stripe price has the lookup key ${plan.lookupKey}`);
      return stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: await this.customerFor(stripe, org, user),
        client_reference_id: org.id,
        line_items: [{ price: price.id, quantity: 1 }],
        subscription_data: { metadata: { organizationId: org.id } },
        success_url: `${this.deps.publicUrl}/billing?checkout=success`,
        cancel_url: `${this.deps.publicUrl}/billing`,
      });
    });
    if (!session.url) throw new BadGatewayError('Stripe returned a Checkout session without a URL');
    return { url: session.url };
  }

  /** A billing-portal session, where the customer changes card, plan or cancels. */
  async portal(user: CurrentUser, organizationId: string): Promise<RedirectUrl> {
    const stripe = this.stripe();
    const org = await this.deps.access.organization(user, organizationId, 'manage');
    const customer = org.stripe_customer_id;
    if (!customer)
      throw new ValidationError('Choose a plan first: this organization has no billing account yet');
    const session = await callStripe(() =>
      stripe.billingPortal.sessions.create({ customer, return_url: `${this.deps.publicUrl}/billing` }),
    );
    return { url: session.url };
  }

  /** The organization's invoices from Stripe, newest first (none before the first checkout). */
  async invoices(user: CurrentUser, organizationId: string): Promise<Invoice[]> {
    const stripe = this.stripe();
    const org = await this.deps.access.organization(user, organizationId, 'manage');
    const customer = org.stripe_customer_id;
    if (!customer) return [];
    const page = await callStripe(() => stripe.invoices.list({ customer, limit: 24 }));
    return page.data.map(toInvoice);
  }

  /**
   * A Stripe webhook: the signature is checked over the raw body, each event id is applied once,
   * and an event older than the last applied one never moves the subscription backwards.
   */
  async webhook(rawBody: Buffer, signature: string | undefined): Promise<{ applied: boolean }> {
    const stripe = this.stripe();
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? '', this.deps.webhookSecret ?? '');
    } catch {
      throw new ValidationError(BAD_SIGNATURE);
    }
    if (await this.deps.events.seen(event.id)) return { applied: false };
    const applied = await this.apply(stripe, event);
    await this.deps.events.record(event.id, event.type, new Date().toISOString());
    return { applied };
  }

  private async apply(stripe: Stripe, event: Stripe.Event): Promise<boolean> {
    const orgs = this.deps.organizations;
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const org = session.client_reference_id
          ? await orgs.findById(session.client_reference_id)
          : undefined;
        const customer = customerOf(session);
        if (!org || !customer) return false;
        await orgs.setCustomerIfMissing(org.id, customer);
        const subscriptionId =
          typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
        if (!subscriptionId) return false;
        const subscription = await callStripe(() => stripe.subscriptions.retrieve(subscriptionId));
        return orgs.applyBillingEvent(org.id, event.created, subscriptionChanges(subscription));
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const org = await this.orgOfCustomer(customerOf(subscription));
        if (!org) return false;
        const changes = subscriptionChanges(subscription);
        if (event.type === 'customer.subscription.deleted') changes.status = 'canceled';
        return orgs.applyBillingEvent(org.id, event.created, changes);
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const org = await this.orgOfCustomer(customerOf(invoice));
        // Only the current subscription's invoices: an old one's paid invoice reactivates nothing.
        const subscription = subscriptionOf(invoice);
        if (!org?.stripe_subscription_id || subscription !== org.stripe_subscription_id) return false;
        const status = event.type === 'invoice.paid' ? 'active' : 'past_due';
        return orgs.applyBillingEvent(org.id, event.created, { status });
      }
      default:
        return false;
    }
  }

  /**
   * Ends an organization's live subscription at once, before the organization is deleted with its
   * only member's account, so nobody is billed for it afterwards. Stripe refusing or out of reach
   * stops the deletion (409, nothing deleted yet); a subscription Stripe no longer knows is over.
   */
  async cancelBeforeDeletion(org: {
    id: string;
    name: string;
    status: string;
    stripe_subscription_id: string | null;
  }): Promise<void> {
    const subscriptionId = org.stripe_subscription_id;
    if (!subscriptionId || !hasLiveSubscription(org)) return;
    const refused = `The subscription of "${org.name}" could not be cancelled with Stripe, so nothing was deleted. Try again later, or cancel it in the billing portal first.`;
    if (!this.deps.stripe) throw new ConflictError(refused);
    const stripe = this.deps.stripe;
    let cancelled: Stripe.Subscription;
    try {
      cancelled = await stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'resource_missing') return;
      throw new ConflictError(refused);
    }
    // Recorded at once: a deletion that stops later does not cancel twice when tried again.
    await this.deps.organizations.applyBillingEvent(
      org.id,
      Math.floor(Date.now() / 1000),
      subscriptionChanges(cancelled),
    );
  }

  private async orgOfCustomer(customer: string | null): Promise<StoredOrganization | undefined> {
    return customer ? this.deps.organizations.findByCustomer(customer) : undefined;
  }

  private async customerFor(stripe: Stripe, org: StoredOrganization, user: CurrentUser): Promise<string> {
    if (org.stripe_customer_id) return org.stripe_customer_id;
    const customer = await stripe.customers.create({
      email: user.email,
      name: org.name,
      metadata: { organizationId: org.id },
    });
    await this.deps.organizations.setCustomerIfMissing(org.id, customer.id);
    const saved = await this.deps.organizations.findById(org.id);
    return saved?.stripe_customer_id ?? customer.id;
  }

  private stripe(): Stripe {
    if (!this.deps.stripe) throw new ValidationError(NOT_CONFIGURED);
    return this.deps.stripe;
  }
}

/** Stripe statuses in which a subscription may still charge the customer. */
const LIVE_SUBSCRIPTION = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete']);

/** The organization has a Stripe subscription that may still charge (a trial without Stripe has none). */
export function hasLiveSubscription(org: { status: string; stripe_subscription_id: string | null }): boolean {
  return org.stripe_subscription_id !== null && LIVE_SUBSCRIPTION.has(org.status);
}

/** Stripe's own failures become 502 (logged), never its status and message passed through as ours. */
async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BadGatewayError || error instanceof ValidationError) throw error;
    throw new BadGatewayError(
      `Stripe call failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
