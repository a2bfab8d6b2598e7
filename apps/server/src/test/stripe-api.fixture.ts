import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Stripe-shaped HTTP API on 127.0.0.1 for the real `stripe` SDK (host, port, protocol): prices
 * by lookup key, customers, Checkout and billing-portal sessions, subscriptions (read and cancel)
 * and invoices. Test helpers play Stripe's side of a checkout and build the events its webhooks
 * would carry.
 */
export interface StripeApi {
  port: number;
  base: string;
  /** The prices it offers, found by lookup key. */
  prices: StripePrice[];
  /** Every call, in order: method, path and its form or query parameters. */
  calls: { method: string; path: string; params: Record<string, string> }[];
  customers: Record<string, unknown>[];
  sessions: Map<string, StripeSession>;
  subscriptions: Map<string, StripeSubscription>;
  invoices: StripeInvoice[];
  /** What Stripe does when the customer pays: a subscription and its first paid invoice. */
  completeCheckout(
    sessionId: string,
    nowSeconds: number,
  ): { subscription: StripeSubscription; invoice: StripeInvoice };
  /** A webhook event as Stripe sends it. */
  event(
    type: string,
    object: object,
    created: number,
  ): { id: string; object: 'event'; type: string; created: number };
  /** Answer every call with this status and a Stripe error (null: answer normally). */
  failWith: number | null;
  close(): Promise<void>;
}

export interface StripeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  customer: string;
  client_reference_id: string | null;
  subscription: string | null;
  price: string;
  success_url: string;
  cancel_url: string;
}

export interface StripeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; current_period_end: number; price: StripePrice }[] };
}

export interface StripeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  /** What made it: the subscription it bills (Stripe's shape since API version 2025-03-31). */
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } } | null;
  created: number;
  description: string | null;
  amount_paid: number;
  status: string;
  hosted_invoice_url: string;
}

export interface StripePrice {
  id: string;
  object: 'price';
  lookup_key: string;
  unit_amount: number;
  currency: string;
  active: boolean;
  recurring: { interval: string };
}

const PRICES: StripePrice[] = [
  ['ocx_starter_monthly', 4900],
  ['ocx_professional_monthly', 14900],
  ['ocx_enterprise_monthly', 49900],
].map(([key, amount]) => ({
  id: `price_${String(key).split('_')[1]}`,
  object: 'price',
  lookup_key: String(key),
  unit_amount: Number(amount),
  currency: 'usd',
  active: true,
  recurring: { interval: 'month' },
}));

const list = (url: string, data: unknown[]) => ({ object: 'list', url, has_more: false, data });

async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  return { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(form) };
}

/**
 * Pages Stripe itself would serve (its checkout and portal), added by a caller that drives them in a
 * browser; answers true when it handled the request.
 */
type StripePages = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  api: StripeApi,
) => boolean | Promise<boolean>;

export async function startStripeApi(
  options: { prices?: StripePrice[]; port?: number; pages?: StripePages } = {},
): Promise<StripeApi> {
  const prices = options.prices ?? PRICES;
  let sequence = 0;
  const next = (prefix: string) => `${prefix}_test${++sequence}`;
  const api = {
    prices,
    calls: [],
    customers: [],
    sessions: new Map(),
    subscriptions: new Map(),
    invoices: [],
    failWith: null,
  } as unknown as StripeApi;

  const handlers: [string, RegExp, (params: Record<string, string>, match: RegExpMatchArray) => unknown][] = [
    [
      'GET',
      /^\/v1\/prices$/,
      (p) =>
        list(
          '/v1/prices',
          prices.filter((x) =>
            Object.entries(p).some(([k, v]) => k.startsWith('lookup_keys') && v === x.lookup_key),
          ),
        ),
    ],
    [
      'POST',
      /^\/v1\/customers$/,
      (p) => {
        const customer = {
          id: next('cus'),
          object: 'customer',
          email: p.email ?? null,
          name: p.name ?? null,
          metadata: { organizationId: p['metadata[organizationId]'] },
        };
        api.customers.push(customer);
        return customer;
      },
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (p) => {
        const id = next('cs');
        const session: StripeSession = {
          id,
          object: 'checkout.session',
          url: `${api.base}/c/pay/${id}`,
          mode: p.mode ?? '',
          customer: p.customer ?? '',
          client_reference_id: p.client_reference_id ?? null,
          subscription: null,
          price: p['line_items[0][price]'] ?? '',
          success_url: p.success_url ?? '',
          cancel_url: p.cancel_url ?? '',
        };
        api.sessions.set(id, session);
        return session;
      },
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (p) => ({
        id: next('bps'),
        object: 'billing_portal.session',
        customer: p.customer,
        url: `${api.base}/p/session/${p.customer}`,
        return_url: p.return_url,
      }),
    ],
    [
      'GET',
      /^\/v1\/invoices$/,
      (p) =>
        list(
          '/v1/invoices',
          api.invoices.filter((i) => i.customer === p.customer).sort((a, b) => b.created - a.created),
        ),
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (_p, m) => api.subscriptions.get(m[1] ?? '') ?? null],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (_p, m) => {
        const subscription = api.subscriptions.get(m[1] ?? '');
        if (subscription) subscription.status = 'canceled';
        return subscription ?? null;
      },
    ],
  ];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (options.pages && (await options.pages(req, res, url, api))) return;
    const params = await readParams(req, url);
    api.calls.push({ method: req.method ?? '', path: url.pathname, params });
    const send = (status: number, body: unknown) => {
      res
        .writeHead(status, { 'content-type': 'application/json', 'request-id': next('req') })
        .end(JSON.stringify(body));
    };
    if (api.failWith !== null)
      return send(api.failWith, { error: { type: 'api_error', message: 'Stripe is down (test)' } });
    for (const [method, pattern, handle] of handlers) {
      const match = url.pathname.match(pattern);
      if (method !== req.method || !match) continue;
      const body = handle(params, match);
      return body === null
        ? send(404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' },
          })
        : send(200, body);
    }
    if (req.method === 'GET' && url.pathname.startsWith('/c/pay/')) {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Test checkout</title><h1>Test checkout</h1>');
      return;
    }
    send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method} ${url.pathname})`,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  api.port = (server.address() as AddressInfo).port;
  api.base = `http://127.0.0.1:${api.port}`;

  api.completeCheckout = (sessionId, now) => {
    const session = api.sessions.get(sessionId);
    if (!session) throw new Error(`No checkout session ${sessionId}`);
    const price = prices.find((p) => p.id === session.price);
    if (!price) throw new Error(`No price ${session.price}`);
    const subscription: StripeSubscription = {
      id: next('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: {},
      items: { object: 'list', data: [{ id: next('si'), current_period_end: now + 30 * 86_400, price }] },
    };
    api.subscriptions.set(subscription.id, subscription);
    session.subscription = subscription.id;
    const invoiceId = next('in');
    const invoice: StripeInvoice = {
      id: invoiceId,
      object: 'invoice',
      customer: session.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      created: now,
      description: null,
      amount_paid: price.unit_amount,
      status: 'paid',
      hosted_invoice_url: `${api.base}/i/${invoiceId}`,
    };
    api.invoices.push(invoice);
    return { subscription, invoice };
  };
  api.event = (type, object, created) => ({
    id: next('evt'),
    object: 'event',
    type,
    created,
    api_version: '2026-10-28.endive',
    livemode: false,
    data: { object },
  });
  api.close = () => new Promise((resolve) => server.close(() => resolve()));
  return api;
}
