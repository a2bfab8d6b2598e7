import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ownOrganization } from '../../test/members.fixture';
import { type StripeApi, startStripeApi } from '../../test/stripe-api.fixture';
import {
  callAs,
  createTestApp,
  dialects,
  PUBLIC_URL,
  type SignedIn,
  signUp,
  type TestApp,
} from '../../test/test-app';

const WEBHOOK_SECRET = 'whsec_ocx_test_secret';
const signer = new Stripe('sk_test_signer');

describe.each(dialects)('billing with a Stripe-shaped API on %s', (dialect) => {
  let stripe: StripeApi;
  let t: TestApp;
  let owner: SignedIn;
  let orgId: string;

  beforeAll(async () => {
    stripe = await startStripeApi();
    t = await createTestApp(dialect, {
      billing: { secretKey: 'sk_test_ocx', webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.base },
    });
    owner = await signUp(t.app);
    orgId = (await callAs(t, owner, 'GET', '/api/organizations')).json()[0].id;
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  /** Posts an event to the webhook, signed as Stripe signs it (or with `secret`). */
  const deliver = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  };
  const organization = async () => (await callAs(t, owner, 'GET', '/api/organizations')).json()[0];
  const now = () => Math.floor(Date.now() / 1000);
  /** An invoice as Stripe sends it in a webhook: its customer and the subscription it bills (if any). */
  const invoiceFor = (customer: string, subscription: string | null) => ({
    id: `in_${Math.random().toString(36).slice(2)}`,
    object: 'invoice',
    customer,
    parent: subscription ? { type: 'subscription_details', subscription_details: { subscription } } : null,
  });

  it('checkout → webhook → the plan is active with its renewal date, and the invoice is listed in the spec shape', async () => {
    const checkout = await callAs(t, owner, 'POST', '/api/billing/checkout', {
      planId: 'professional',
      organizationId: orgId,
    });
    expect(checkout.statusCode).toBe(200);
    const { url } = checkout.json();
    const sessionId = url.split('/').at(-1);
    const session = stripe.sessions.get(sessionId);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: orgId,
      price: 'price_professional',
      success_url: `${PUBLIC_URL}/billing?checkout=success`,
    });
    expect(url).toBe(`${stripe.base}/c/pay/${sessionId}`);
    expect(stripe.calls.find((c) => c.path === '/v1/prices')?.params['lookup_keys[0]']).toBe(
      'ocx_professional_monthly',
    );

    const paidAt = now();
    const { subscription, invoice } = stripe.completeCheckout(sessionId, paidAt);
    const completed = await deliver(
      stripe.event('checkout.session.completed', { ...session, subscription: subscription.id }, paidAt),
    );
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toEqual({ received: true, applied: true });
    const org = await organization();
    expect(org).toMatchObject({ plan: 'professional', status: 'active', cancelAtPeriodEnd: false });
    expect(Date.parse(org.currentPeriodEnd)).toBe((paidAt + 30 * 86_400) * 1000);

    const invoices = await callAs(t, owner, 'GET', `/api/billing/invoices?organizationId=${orgId}`);
    expect(invoices.json()).toEqual([
      {
        id: invoice.id,
        created: paidAt,
        description: null,
        amount_paid: 14900,
        status: 'paid',
        hosted_invoice_url: `${stripe.base}/i/${invoice.id}`,
      },
    ]);
    const overview = (await callAs(t, owner, 'GET', `/api/billing/overview?organizationId=${orgId}`)).json();
    expect(overview).toMatchObject({
      billingEnabled: true,
      limitSource: 'plan',
      usage: { eventsLimit: 1_000_000, websitesLimit: 5 },
    });
  });

  it('reuses the organization’s Stripe customer for a second checkout', async () => {
    await callAs(t, owner, 'POST', '/api/billing/checkout', { planId: 'starter', organizationId: orgId });
    expect(stripe.customers).toHaveLength(1);
    const sessions = [...stripe.sessions.values()];
    expect(new Set(sessions.map((s) => s.customer)).size).toBe(1);
  });

  it('opens the billing portal for the organization’s customer', async () => {
    const portal = await callAs(t, owner, 'POST', '/api/billing/portal', { organizationId: orgId });
    expect(portal.statusCode).toBe(200);
    const customer = stripe.customers[0]?.id;
    expect(portal.json()).toEqual({ url: `${stripe.base}/p/session/${customer}` });
    expect(stripe.calls.at(-1)?.params.return_url).toBe(`${PUBLIC_URL}/billing`);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const before = await organization();
    const sub = [...stripe.subscriptions.values()][0];
    const forged = stripe.event('customer.subscription.deleted', { ...sub, status: 'canceled' }, now() + 60);
    const response = await deliver(forged, 'whsec_not_the_secret');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Invalid Stripe signature');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(forged),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await organization()).toEqual(before);
  });

  it('applies an event once: a replay changes nothing', async () => {
    const sub = [...stripe.subscriptions.values()][0];
    if (!sub) throw new Error('no subscription');
    const update = stripe.event(
      'customer.subscription.updated',
      { ...sub, cancel_at_period_end: true },
      now() + 100,
    );
    expect((await deliver(update)).json().applied).toBe(true);
    expect((await organization()).cancelAtPeriodEnd).toBe(true);
    // The customer changes their mind (a later event); then Stripe delivers the first one again.
    const resume = stripe.event(
      'customer.subscription.updated',
      { ...sub, cancel_at_period_end: false },
      now() + 200,
    );
    await deliver(resume);
    const replay = await deliver(update);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().applied).toBe(false);
    expect((await organization()).cancelAtPeriodEnd).toBe(false);
  });

  it('never moves a subscription backwards when an older event arrives late', async () => {
    const sub = [...stripe.subscriptions.values()][0];
    if (!sub) throw new Error('no subscription');
    const late = now() + 300;
    await deliver(stripe.event('customer.subscription.deleted', { ...sub, status: 'canceled' }, late + 10));
    // The older 'active' update and a paid invoice from before the cancellation come after it.
    const stale = await deliver(
      stripe.event('customer.subscription.updated', { ...sub, status: 'active' }, late),
    );
    expect(stale.json().applied).toBe(false);
    await deliver(stripe.event('invoice.paid', invoiceFor(sub.customer, sub.id), late - 5));
    expect(await organization()).toMatchObject({ status: 'canceled' });
    const overview = (await callAs(t, owner, 'GET', `/api/billing/overview?organizationId=${orgId}`)).json();
    expect(overview.limitSource).toBe('trial');
  });

  it('marks a failed payment past due, which falls back to the trial rules', async () => {
    const sub = [...stripe.subscriptions.values()][0];
    if (!sub) throw new Error('no subscription');
    const t0 = now() + 1000;
    await deliver(stripe.event('customer.subscription.updated', { ...sub, status: 'active' }, t0));
    await deliver(stripe.event('invoice.payment_failed', invoiceFor(sub.customer, sub.id), t0 + 1));
    expect((await organization()).status).toBe('past_due');
    const overview = (await callAs(t, owner, 'GET', `/api/billing/overview?organizationId=${orgId}`)).json();
    expect(overview.usage.websitesLimit).toBe(1);
  });

  it('refuses a non-member (404) and a viewer (403) every billing call', async () => {
    const stranger = await signUp(t.app);
    const viewer = await addMember(t, owner, orgId, 'viewer');
    const calls = [
      ['POST', '/api/billing/checkout', { planId: 'starter', organizationId: orgId }],
      ['POST', '/api/billing/portal', { organizationId: orgId }],
      ['GET', `/api/billing/invoices?organizationId=${orgId}`, undefined],
    ] as const;
    const stripeCalls = stripe.calls.length;
    for (const [method, url, body] of calls) {
      expect((await callAs(t, stranger, method, url, body)).statusCode).toBe(404);
      const asViewer = await callAs(t, viewer, method, url, body);
      expect(asViewer.statusCode).toBe(403);
      expect(asViewer.json().error).toBe('Only owners and admins can manage billing');
    }
    expect((await callAs(t, null, 'GET', `/api/billing/invoices?organizationId=${orgId}`)).statusCode).toBe(
      401,
    );
    expect(stripe.calls.length).toBe(stripeCalls);
  });

  it('changes the status on a paid or failed invoice only for the organization’s current subscription', async () => {
    const buyer = await signUp(t.app);
    const buyerOrg = await ownOrganization(t, buyer);
    const status = async () => (await callAs(t, buyer, 'GET', '/api/organizations')).json()[0].status;
    const checkout = await callAs(t, buyer, 'POST', '/api/billing/checkout', {
      planId: 'starter',
      organizationId: buyerOrg,
    });
    const session = stripe.sessions.get(checkout.json().url.split('/').at(-1));
    if (!session) throw new Error('no checkout session');
    const t0 = now() + 1000;
    const { subscription: old } = stripe.completeCheckout(session.id, t0);
    await deliver(stripe.event('checkout.session.completed', { ...session, subscription: old.id }, t0));
    await deliver(stripe.event('customer.subscription.deleted', { ...old, status: 'canceled' }, t0 + 1));
    // A second subscription, cancelled as well: the organization's current one.
    const current = { ...old, id: 'sub_current_walk' };
    await deliver(stripe.event('customer.subscription.created', { ...current, status: 'active' }, t0 + 2));
    await deliver(stripe.event('customer.subscription.deleted', { ...current, status: 'canceled' }, t0 + 3));
    expect(await status()).toBe('canceled');

    // The old subscription's invoice, paid later (a retried charge), reactivates nothing.
    const oldPaid = await deliver(stripe.event('invoice.paid', invoiceFor(old.customer, old.id), t0 + 4));
    expect(oldPaid.json()).toEqual({ received: true, applied: false });
    const oneOff = await deliver(stripe.event('invoice.paid', invoiceFor(old.customer, null), t0 + 5));
    expect(oneOff.json().applied).toBe(false);
    expect(await status()).toBe('canceled');

    // Active again; the old subscription's failed invoice does not make it past due, the current one's does.
    await deliver(stripe.event('customer.subscription.updated', { ...current, status: 'active' }, t0 + 6));
    const oldFailed = await deliver(
      stripe.event('invoice.payment_failed', invoiceFor(old.customer, old.id), t0 + 7),
    );
    expect(oldFailed.json().applied).toBe(false);
    expect(await status()).toBe('active');
    await deliver(stripe.event('invoice.payment_failed', invoiceFor(old.customer, current.id), t0 + 8));
    expect(await status()).toBe('past_due');
    await deliver(stripe.event('invoice.paid', invoiceFor(old.customer, current.id), t0 + 9));
    expect(await status()).toBe('active');
  });

  it('answers 502 when Stripe fails, and an owner without a customer gets no invoices and no portal', async () => {
    const fresh = await signUp(t.app);
    const freshOrg = (await callAs(t, fresh, 'GET', '/api/organizations')).json()[0].id;
    expect(
      (await callAs(t, fresh, 'GET', `/api/billing/invoices?organizationId=${freshOrg}`)).json(),
    ).toEqual([]);
    expect(
      (await callAs(t, fresh, 'POST', '/api/billing/portal', { organizationId: freshOrg })).statusCode,
    ).toBe(400);
    stripe.failWith = 500;
    try {
      const failed = await callAs(t, owner, 'POST', '/api/billing/checkout', {
        planId: 'starter',
        organizationId: orgId,
      });
      expect(failed.statusCode).toBe(502);
      expect(
        (await callAs(t, owner, 'GET', `/api/billing/invoices?organizationId=${orgId}`)).statusCode,
      ).toBe(502);
    } finally {
      stripe.failWith = null;
    }
  });
});

describe.each(dialects)('billing not configured (self-hosted) on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('says billing is not configured and limits nothing', async () => {
    const user = await signUp(t.app);
    const orgId = (await callAs(t, user, 'GET', '/api/organizations')).json()[0].id;
    const checkout = await callAs(t, user, 'POST', '/api/billing/checkout', {
      planId: 'starter',
      organizationId: orgId,
    });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json().error).toBe('Billing is not configured on this server');
    const overview = (await callAs(t, user, 'GET', `/api/billing/overview?organizationId=${orgId}`)).json();
    expect(overview).toMatchObject({ billingEnabled: false, limitSource: 'unlimited' });
  });
});
