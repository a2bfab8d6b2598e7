import { CheckoutRequest, OrganizationQuery, PortalRequest } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

/** Checkout, the billing portal and invoices: owners and admins of the organization. */
export const billingRoute: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/billing/checkout', { schema: { body: CheckoutRequest } }, async (req) =>
    app.services.billing.checkout(currentUser(req), req.body),
  );

  app.post('/api/billing/portal', { schema: { body: PortalRequest } }, async (req) =>
    app.services.billing.portal(currentUser(req), req.body.organizationId),
  );

  app.get('/api/billing/invoices', { schema: { querystring: OrganizationQuery } }, async (req) =>
    app.services.billing.invoices(currentUser(req), req.query.organizationId),
  );
};

/** Stripe's webhook: no session, the signature over the raw body is the authentication. */
export const billingWebhookRoute: FastifyPluginAsyncZod = async (app) => {
  // This plugin only: the signature covers the exact bytes Stripe sent.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1_048_576 },
    (_req, body, done) => done(null, body),
  );
  app.post('/api/billing/webhook', async (req) => {
    const signature = req.headers['stripe-signature'];
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await app.services.billing.webhook(
      body,
      typeof signature === 'string' ? signature : undefined,
    );
    return { received: true, applied: result.applied };
  });
};
