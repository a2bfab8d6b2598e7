import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BadGatewayError, ConflictError, ValidationError } from '../../errors';
import type { OrganizationRepository } from '../../storage/accounts/organization.repository';
import type { BillingEventRepository } from '../../storage/billing/billing-event.repository';
import { mockOf } from '../../test/service-mocks';
import { alice, storedMembership, storedOrganization } from '../../test/service-rows.fixture';
import type { Access } from '../platform/access';
import { BAD_SIGNATURE, BillingService, NOT_CONFIGURED } from './billing.service';

const NOW = Date.parse('2024-03-01T10:00:00.000Z');

/** The parts of the Stripe client the service calls, each a typed automock. */
function fakeStripe() {
  return {
    prices: mockOf<Stripe['prices']>(),
    customers: mockOf<Stripe['customers']>(),
    checkout: { sessions: mockOf<Stripe['checkout']['sessions']>() },
    billingPortal: { sessions: mockOf<Stripe['billingPortal']['sessions']>() },
    invoices: mockOf<Stripe['invoices']>(),
    subscriptions: mockOf<Stripe['subscriptions']>(),
    webhooks: mockOf<Stripe['webhooks']>(),
  };
}

function build(configured = true) {
  const organizations = mockOf<OrganizationRepository>();
  const events = mockOf<BillingEventRepository>();
  const access = mockOf<Access>();
  const stripe = fakeStripe();
  const service = new BillingService({
    organizations,
    events,
    access,
    stripe: configured ? (stripe as unknown as Stripe) : null,
    webhookSecret: 'whsec_test',
    publicUrl: 'https://ocx.example',
  });
  return { service, organizations, events, access, stripe };
}

/** A Stripe answer; the client's response wrappers carry fields the service never reads. */
const answer = (value: object) => value as never;

const subscription = (changes: object = {}) =>
  answer({
    id: 'sub_1',
    status: 'active',
    cancel_at_period_end: false,
    items: { data: [{ price: { lookup_key: 'ocx_starter_monthly' }, current_period_end: NOW / 1000 }] },
    ...changes,
  });

describe('BillingService', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers that billing is not configured without Stripe', async () => {
    const { service, access } = build(false);
    await expect(service.checkout(alice, { organizationId: 'org-1', planId: 'starter' })).rejects.toThrow(
      new ValidationError(NOT_CONFIGURED),
    );
    await expect(service.webhook(Buffer.from('{}'), 'sig')).rejects.toThrow(NOT_CONFIGURED);
    expect(access.organization).not.toHaveBeenCalled();
  });

  it('makes the organization’s customer once and opens Checkout for the plan’s price', async () => {
    const { service, access, stripe, organizations } = build();
    access.organization.mockResolvedValue(storedMembership());
    stripe.prices.list.mockResolvedValue(answer({ data: [{ id: 'price_starter' }] }));
    stripe.customers.create.mockResolvedValue(answer({ id: 'cus_new' }));
    // Another request made the customer meanwhile: its id wins.
    organizations.findById.mockResolvedValue(storedOrganization({ stripe_customer_id: 'cus_first' }));
    stripe.checkout.sessions.create.mockResolvedValue(answer({ url: 'https://checkout.stripe.test/s' }));
    await expect(service.checkout(alice, { organizationId: 'org-1', planId: 'starter' })).resolves.toEqual({
      url: 'https://checkout.stripe.test/s',
    });
    expect(access.organization).toHaveBeenCalledWith(alice, 'org-1', 'manage');
    expect(stripe.prices.list).toHaveBeenCalledWith({
      lookup_keys: ['ocx_starter_monthly'],
      active: true,
      limit: 1,
    });
    expect(organizations.setCustomerIfMissing).toHaveBeenCalledWith('org-1', 'cus_new');
    expect(stripe.checkout.sessions.create).toHaveBeenCalledWith(
      expect.objectContaining({
        customer: 'cus_first',
        client_reference_id: 'org-1',
        line_items: [{ price: 'price_starter', quantity: 1 }],
        success_url: 'https://ocx.example/billing?checkout=success',
      }),
    );
  });

  it('turns Stripe’s failures and a plan without a price into 502', async () => {
    const { service, access, stripe } = build();
    access.organization.mockResolvedValue(storedMembership({ stripe_customer_id: 'cus_1' }));
    stripe.prices.list.mockRejectedValue(new Error('card_declined'));
    await expect(
      service.checkout(alice, { organizationId: 'org-1', planId: 'starter' }),
    ).rejects.toBeInstanceOf(BadGatewayError);
    stripe.prices.list.mockResolvedValue(answer({ data: [] }));
    await expect(service.checkout(alice, { organizationId: 'org-1', planId: 'starter' })).rejects.toThrow(
      /No active Stripe price/,
    );
  });

  it('needs a customer for the portal, and has no invoices before one', async () => {
    const { service, access, stripe } = build();
    access.organization.mockResolvedValue(storedMembership());
    await expect(service.portal(alice, 'org-1')).rejects.toBeInstanceOf(ValidationError);
    await expect(service.invoices(alice, 'org-1')).resolves.toEqual([]);
    expect(stripe.invoices.list).not.toHaveBeenCalled();
  });

  it('refuses a webhook with a bad signature and applies each event id once', async () => {
    const { service, stripe, events, organizations } = build();
    stripe.webhooks.constructEvent.mockImplementation(() => {
      throw new Error('no signature');
    });
    await expect(service.webhook(Buffer.from('{}'), undefined)).rejects.toThrow(
      new ValidationError(BAD_SIGNATURE),
    );
    expect(stripe.webhooks.constructEvent).toHaveBeenCalledWith(Buffer.from('{}'), '', 'whsec_test');
    stripe.webhooks.constructEvent.mockReturnValue(
      answer({ id: 'evt_1', type: 'customer.subscription.updated', created: 100, data: { object: {} } }),
    );
    events.seen.mockResolvedValue(true);
    await expect(service.webhook(Buffer.from('{}'), 'sig')).resolves.toEqual({ applied: false });
    expect(organizations.applyBillingEvent).not.toHaveBeenCalled();
    expect(events.record).not.toHaveBeenCalled();
  });

  it('cancels the plan of a deleted subscription and records the event', async () => {
    const { service, stripe, events, organizations } = build();
    stripe.webhooks.constructEvent.mockReturnValue(
      answer({
        id: 'evt_2',
        type: 'customer.subscription.deleted',
        created: 1_700_000_000,
        data: { object: subscription({ customer: 'cus_1', status: 'active' }) },
      }),
    );
    events.seen.mockResolvedValue(false);
    organizations.findByCustomer.mockResolvedValue(
      storedOrganization({ id: 'org-1', stripe_customer_id: 'cus_1' }),
    );
    organizations.applyBillingEvent.mockResolvedValue(true);
    await expect(service.webhook(Buffer.from('{}'), 'sig')).resolves.toEqual({ applied: true });
    expect(organizations.findByCustomer).toHaveBeenCalledWith('cus_1');
    expect(organizations.applyBillingEvent).toHaveBeenCalledWith(
      'org-1',
      1_700_000_000,
      expect.objectContaining({ plan: 'starter', status: 'canceled', stripe_subscription_id: 'sub_1' }),
    );
    expect(events.record).toHaveBeenCalledWith(
      'evt_2',
      'customer.subscription.deleted',
      new Date(NOW).toISOString(),
    );
  });

  it('lets only the current subscription’s invoices change the status', async () => {
    const { service, stripe, events, organizations } = build();
    events.seen.mockResolvedValue(false);
    organizations.findByCustomer.mockResolvedValue(storedOrganization({ stripe_subscription_id: 'sub_now' }));
    organizations.applyBillingEvent.mockResolvedValue(true);
    const invoice = (subscriptionId: string) =>
      answer({
        id: 'evt_3',
        type: 'invoice.payment_failed',
        created: 200,
        data: { object: { customer: 'cus_1', subscription: subscriptionId } },
      });
    stripe.webhooks.constructEvent.mockReturnValue(invoice('sub_old'));
    await expect(service.webhook(Buffer.from('{}'), 'sig')).resolves.toEqual({ applied: false });
    expect(organizations.applyBillingEvent).not.toHaveBeenCalled();
    stripe.webhooks.constructEvent.mockReturnValue(invoice('sub_now'));
    await expect(service.webhook(Buffer.from('{}'), 'sig')).resolves.toEqual({ applied: true });
    expect(organizations.applyBillingEvent).toHaveBeenCalledWith('org-1', 200, { status: 'past_due' });
  });

  it('cancels a live subscription before deletion, and stops the deletion when Stripe refuses', async () => {
    const { service, stripe, organizations } = build();
    const org = { id: 'org-1', name: 'Solo', status: 'active', stripe_subscription_id: 'sub_1' };
    await service.cancelBeforeDeletion({ ...org, status: 'canceled' });
    expect(stripe.subscriptions.cancel).not.toHaveBeenCalled();
    stripe.subscriptions.cancel.mockResolvedValueOnce(subscription({ status: 'canceled' }));
    await service.cancelBeforeDeletion(org);
    expect(stripe.subscriptions.cancel).toHaveBeenCalledWith('sub_1');
    expect(organizations.applyBillingEvent).toHaveBeenCalledWith(
      'org-1',
      NOW / 1000,
      expect.objectContaining({ status: 'canceled' }),
    );
    stripe.subscriptions.cancel.mockRejectedValueOnce(
      Object.assign(new Error('gone'), { code: 'resource_missing' }),
    );
    await expect(service.cancelBeforeDeletion(org)).resolves.toBeUndefined();
    stripe.subscriptions.cancel.mockRejectedValueOnce(new Error('network'));
    await expect(service.cancelBeforeDeletion(org)).rejects.toBeInstanceOf(ConflictError);
    await expect(build(false).service.cancelBeforeDeletion(org)).rejects.toBeInstanceOf(ConflictError);
  });
});
