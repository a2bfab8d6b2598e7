import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownOrganization } from '../../test/members.fixture';
import { type StripeApi, startStripeApi } from '../../test/stripe-api.fixture';
import { callAs, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';

const WEBHOOK_SECRET = 'whsec_ocx_test_secret';
const signer = new Stripe('sk_test_signer');

describe.each(dialects)('deleting an account with a paid organization on %s', (dialect) => {
  let stripe: StripeApi;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startStripeApi();
    t = await createTestApp(dialect, {
      authRateLimit: 1000,
      billing: { secretKey: 'sk_test_ocx', webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.base },
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  /** A new user whose organization pays for Professional (Checkout completed, its webhook applied). */
  async function payingUser(): Promise<{ user: SignedIn; orgId: string; subscriptionId: string }> {
    const user = await signUp(t.app);
    const orgId = await ownOrganization(t, user);
    const checkout = await callAs(t, user, 'POST', '/api/billing/checkout', {
      planId: 'professional',
      organizationId: orgId,
    });
    const sessionId = String(checkout.json().url).split('/').at(-1) ?? '';
    const now = Math.floor(Date.now() / 1000);
    const { subscription } = stripe.completeCheckout(sessionId, now);
    const session = stripe.sessions.get(sessionId);
    const payload = JSON.stringify(
      stripe.event('checkout.session.completed', { ...session, subscription: subscription.id }, now),
    );
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
    expect(delivered.json()).toEqual({ received: true, applied: true });
    return { user, orgId, subscriptionId: subscription.id };
  }
  const deleteAccount = (user: SignedIn) =>
    callAs(t, user, 'POST', '/api/account/delete', { password: 'correct horse battery' });
  const cancelCalls = (subscriptionId: string) =>
    stripe.calls.filter((c) => c.method === 'DELETE' && c.path === `/v1/subscriptions/${subscriptionId}`);

  it('cancels the live subscription with Stripe before the organization goes', async () => {
    const { user, orgId, subscriptionId } = await payingUser();
    const site = await callAs(t, user, 'POST', '/api/websites', { name: 'Shop', rootDomain: 'shop.test' });
    const preview = (await callAs(t, user, 'GET', '/api/account/deletion')).json();
    expect(preview.deleted).toEqual([{ id: orgId, name: user.email, websites: 1, subscription: true }]);

    expect((await deleteAccount(user)).statusCode).toBe(204);

    expect(cancelCalls(subscriptionId)).toHaveLength(1);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect((await callAs(t, user, 'GET', `/api/websites/${site.json().id}`)).statusCode).toBe(401);
  });

  it('deletes nothing when Stripe cannot cancel the subscription, and says so', async () => {
    const { user, orgId, subscriptionId } = await payingUser();
    const site = await callAs(t, user, 'POST', '/api/websites', { name: 'Shop', rootDomain: 'shop.test' });
    stripe.failWith = 500;
    let refused: Awaited<ReturnType<typeof deleteAccount>>;
    try {
      refused = await deleteAccount(user);
    } finally {
      stripe.failWith = null;
    }
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `The subscription of "${user.email}" could not be cancelled with Stripe, so nothing was deleted. Try again later, or cancel it in the billing portal first.`,
    );
    expect(cancelCalls(subscriptionId)).toHaveLength(1);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('active');
    expect((await callAs(t, user, 'GET', `/api/websites/${site.json().id}`)).statusCode).toBe(200);
    const orgs = (await callAs(t, user, 'GET', '/api/organizations')).json();
    expect(orgs).toMatchObject([{ id: orgId, plan: 'professional', status: 'active' }]);
  });
});
