import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ownOrganization, verifyEmail } from '../test/members.fixture';
import { type StripeApi, startStripeApi } from '../test/stripe-api.fixture';
import {
  callAs,
  createTestApp,
  dialects,
  type InjectMethod,
  type SignedIn,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../test/test-app';

/**
 * Write operations that are not about someone else's website or organization, or that write
 * nothing, each with the reason. Every other POST, PUT, PATCH and DELETE of the OpenAPI document
 * is walked below as a viewer and must answer 403.
 */
const EXCEPTED: Record<string, string> = {
  'POST /api/auth/{*}': 'better-auth: sign-up, sign-in and the signed-in user’s own account',
  'POST /api/collect': 'the tracker’s beacon: public, by website id',
  'POST /api/v1/conversions': 'server-to-server: a website API key, no session',
  'POST /api/v1/costs': 'a website API key, no session',
  'POST /api/billing/webhook': 'Stripe’s signature, no session',
  'POST /api/share/{token}/unlock': 'a public share link’s password, no session',
  'POST /api/invitations/{token}/accept': 'the invitee’s own yes to an invitation',
  'POST /api/organizations/{id}/leave': 'the viewer’s own membership',
  'DELETE /api/account/sessions/{id}': 'the viewer’s own sessions',
  'POST /api/account/delete': 'the viewer’s own account',
  'POST /api/account/tokens': 'the viewer’s own tokens',
  'DELETE /api/account/tokens/{id}': 'the viewer’s own tokens',
  'POST /api/websites': 'a new website goes into the viewer’s own organization',
  'POST /api/debug/auth/sign-in-test': 'tests a sign-in; about no website or organization',
  'POST /api/websites/{id}/campaigns/ocxid': 'a read: proposes an unused campaign id, stores nothing',
  'POST /api/websites/{id}/costs/preview': 'a read: what an import would do, stores nothing',
  'POST /api/websites/{id}/installation/check': 'a read: opens the website’s live page, stores nothing',
};

/** The owner's objects whose ids fill the path parameters. */
interface Ids {
  organization: string;
  website: string;
  funnel: string;
  [param: string]: string;
}

const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const costReport = ['Day,Campaign,Currency code,Cost', `${day},Spring Sale,USD,"12.00"`].join('\r\n');

/** A plausible valid body for every walked operation (the owner's replay proves them valid). */
const WALKED: Record<string, (ids: Ids) => object | undefined> = {
  'POST /api/organizations/{id}/members': (ids) => ({ email: ids.colleagueEmail, role: 'viewer' }),
  'PATCH /api/organizations/{id}/members/{userId}': () => ({ role: 'admin' }),
  'DELETE /api/organizations/{id}/members/{userId}': () => undefined,
  'POST /api/organizations/{id}/invitations': () => ({ email: uniqueEmail('invitee'), role: 'admin' }),
  'DELETE /api/organizations/{id}/invitations/{invitationId}': () => undefined,
  'POST /api/billing/checkout': (ids) => ({ planId: 'starter', organizationId: ids.organization }),
  'POST /api/billing/portal': (ids) => ({ organizationId: ids.organization }),
  // A subdomain: the campaign below keeps its landing page on the website's domain in either order.
  'PATCH /api/websites/{id}': () => ({ name: 'Renamed', rootDomain: 'm.shop.test' }),
  'DELETE /api/websites/{id}': () => undefined,
  'DELETE /api/websites/{id}/visitors/{visitorId}': () => undefined,
  'POST /api/websites/{id}/shares': () => ({ password: null }),
  'DELETE /api/websites/{id}/shares/{shareId}': () => undefined,
  'POST /api/websites/{id}/goals': () => ({
    name: 'Signup',
    type: 'pageview',
    conditions: { path: '/done' },
  }),
  'PATCH /api/websites/{id}/goals/{goalId}': () => ({ name: 'Buy now', value: 10 }),
  'DELETE /api/websites/{id}/goals/{goalId}': () => undefined,
  'POST /api/websites/{id}/campaigns': () => ({
    name: 'Summer Sale',
    network: 'Google Ads',
    source: 'Search',
    landingPage: 'https://m.shop.test/summer',
  }),
  'PATCH /api/websites/{id}/campaigns/{campaignId}': () => ({ name: 'Spring Sale Two' }),
  'DELETE /api/websites/{id}/campaigns/{campaignId}': () => undefined,
  'POST /api/websites/{id}/test-event': () => undefined,
  'POST /api/websites/{id}/api-keys': () => ({ name: 'Deploy' }),
  'DELETE /api/websites/{id}/api-keys/{keyId}': () => undefined,
  'POST /api/websites/{id}/campaigns/{campaignId}/costs': () => ({
    startDate: day,
    endDate: day,
    amount: 30,
    currency: 'USD',
  }),
  'POST /api/websites/{id}/costs/import': () => ({ csv: costReport }),
  'POST /api/funnels': (ids) => ({
    website_id: ids.website,
    name: 'Checkout',
    steps: [{ name: 'Cart', conditions: { path: '/cart' } }],
  }),
  'PUT /api/funnels/{id}': () => ({ name: 'Checkout two', steps: [{ conditions: { path: '/pay' } }] }),
  'DELETE /api/funnels/{id}': () => undefined,
  'POST /api/websites/{id}/networks': () => ({ name: 'Bing Ads', trackingParams: ['msclkid'] }),
  'PUT /api/websites/{id}/networks/{networkId}': () => ({ name: 'Quora Ads two' }),
  'DELETE /api/websites/{id}/networks/{networkId}': () => undefined,
  'POST /api/websites/{id}/sources': () => ({ name: 'Podcast' }),
  'PUT /api/websites/{id}/sources/{sourceId}': () => ({ name: 'Podcast two' }),
  'DELETE /api/websites/{id}/sources/{sourceId}': () => undefined,
  'POST /api/websites/{id}/landing-pages': () => ({ name: 'Summer', path: 'summer' }),
  'PUT /api/websites/{id}/landing-pages/{landingPageId}': () => ({ name: 'Summer', path: 'summer/two' }),
  'DELETE /api/websites/{id}/landing-pages/{landingPageId}': () => undefined,
  'POST /api/websites/{id}/templates': () => ({ name: 'Autumn Newsletter' }),
  'PATCH /api/websites/{id}/templates/{templateId}': () => ({ name: 'Changed' }),
  'DELETE /api/websites/{id}/templates/{templateId}': () => undefined,
};

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** `{id}` is the organization, funnel or website its path is about; other parameters by name. */
function fill(path: string, ids: Ids): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value =
      name !== 'id'
        ? ids[name]
        : path.startsWith('/api/organizations/')
          ? ids.organization
          : path.startsWith('/api/funnels/')
            ? ids.funnel
            : ids.website;
    if (!value) throw new Error(`No id for {${name}} in ${path}`);
    return value;
  });
}

describe.each(dialects)('every write route as a viewer of the organization on %s', (dialect) => {
  let stripe: StripeApi;
  let t: TestApp;
  let owner: SignedIn;
  let viewer: SignedIn;
  let ids: Ids;
  let writes: { operation: string; method: InjectMethod; path: string }[];

  const call = (user: SignedIn, method: InjectMethod, url: string, payload?: object) =>
    callAs(t, user, method, url, payload);
  const created = async (url: string, payload: object): Promise<string> => {
    const res = await call(owner, 'POST', url, payload);
    if (res.statusCode !== 201) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
    return res.json().id;
  };
  /** What the owner sees of everything the walk could change. */
  const ownersView = async () => {
    const site = `/api/websites/${ids.website}`;
    const org = `/api/organizations/${ids.organization}`;
    const urls = [site, `${org}/members`, `${org}/invitations`, `/api/funnels?website_id=${ids.website}`];
    for (const part of ['shares', 'goals', 'campaigns', 'api-keys', 'networks', 'sources', 'templates'])
      urls.push(`${site}/${part}`);
    urls.push(`${site}/landing-pages`, `${site}/campaigns/${ids.campaignId}/costs`);
    return Promise.all(urls.map(async (url) => [url, (await call(owner, 'GET', url)).json()]));
  };

  beforeAll(async () => {
    stripe = await startStripeApi();
    t = await createTestApp(dialect, {
      billing: { secretKey: 'sk_test_ocx', webhookSecret: 'whsec_walk', apiUrl: stripe.base },
    });
    owner = await signUp(t.app);
    await verifyEmail(t, owner);
    const organization = await ownOrganization(t, owner);
    viewer = await addMember(t, owner, organization, 'viewer');
    const colleague = await signUp(t.app);
    await verifyEmail(t, colleague);
    const website = await created('/api/websites', { name: 'Shop', rootDomain: 'shop.test' });
    const site = `/api/websites/${website}`;
    const invited = await call(owner, 'POST', `/api/organizations/${organization}/invitations`, {
      email: uniqueEmail('pending'),
      role: 'viewer',
    });
    const campaignId = await created(`${site}/campaigns`, {
      name: 'Spring Sale',
      network: 'Google Ads',
      source: 'Search',
      landingPage: 'https://shop.test/spring',
    });
    ids = {
      organization,
      website,
      campaignId,
      colleagueEmail: colleague.email,
      userId: viewer.userId,
      invitationId: invited.json().invitation.id,
      visitorId: 'visitor-0001',
      funnel: await created('/api/funnels', {
        website_id: website,
        name: 'Buy',
        steps: [{ conditions: { path: '/buy' } }],
      }),
      goalId: await created(`${site}/goals`, { name: 'Buy', type: 'event', conditions: { event: 'buy' } }),
      networkId: await created(`${site}/networks`, { name: 'Quora Ads' }),
      sourceId: await created(`${site}/sources`, { name: 'Newsletter' }),
      landingPageId: await created(`${site}/landing-pages`, { name: 'Spring', path: 'spring' }),
      templateId: await created(`${site}/templates`, { name: 'Spring Newsletter' }),
      shareId: await created(`${site}/shares`, {}),
      keyId: await created(`${site}/api-keys`, { name: 'CI' }),
    };
    const document = (await call(owner, 'GET', '/api/openapi.json')).json();
    writes = Object.entries<Record<string, unknown>>(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => WRITE_METHODS.has(method))
        .map((method) => ({
          operation: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase() as InjectMethod,
          path,
        })),
    );
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('walks or excepts (with a reason) every write operation of the OpenAPI document, and lists no other', () => {
    const operations = writes.map((w) => w.operation);
    expect(operations.length).toBeGreaterThan(30);
    const neither = operations.filter((op) => !(op in WALKED) && !(op in EXCEPTED));
    expect(neither, 'write operations neither walked nor excepted').toEqual([]);
    const stale = [...Object.keys(WALKED), ...Object.keys(EXCEPTED)].filter((op) => !operations.includes(op));
    expect(stale, 'listed operations the document no longer has').toEqual([]);
    expect(Object.keys(WALKED).filter((op) => op in EXCEPTED)).toEqual([]);
  });

  it('answers 403 to the viewer on every walked write, and the owner’s data stays as it was', async () => {
    const before = await ownersView();
    const open: string[] = [];
    for (const { operation, method, path } of writes) {
      const body = WALKED[operation];
      if (!body) continue;
      const res = await call(viewer, method, fill(path, ids), body(ids));
      if (res.statusCode !== 403) open.push(`${operation} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(open, 'write operations a viewer was not refused').toEqual([]);
    expect(await ownersView()).toEqual(before);
  });

  it('lets the owner make the same requests (the bodies are valid), deleting the website last', async () => {
    const deletes = (op: string) =>
      op.startsWith('DELETE') ? (op === 'DELETE /api/websites/{id}' ? 2 : 1) : 0;
    const ordered = writes.filter((w) => w.operation in WALKED);
    ordered.sort((a, b) => deletes(a.operation) - deletes(b.operation));
    const refused: string[] = [];
    for (const { operation, method, path } of ordered) {
      const res = await call(owner, method, fill(path, ids), WALKED[operation]?.(ids));
      if (res.statusCode >= 300) refused.push(`${operation} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(refused).toEqual([]);
  });
});
