import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type SignedIn, signUp, stores, type TestApp } from '../../test/test-app';
import { collectEvents, pageview, trackedSite, trackerId } from '../../test/tracked-site.fixture';

describe.each(stores)('landing pages API and workspace metrics on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let bob: SignedIn;
  let siteId: string;
  let campaign: { id: string; ocxid: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ owner, siteId, campaign } = await trackedSite(t.app));
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  function call(
    user: SignedIn | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    return t.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });
  }
  const base = () => `/api/websites/${siteId}/landing-pages`;
  const collect = (events: object[]) => collectEvents(t.app, siteId, events);

  it('creates a landing page under the root domain; an empty path is the bare domain', async () => {
    const res = await call(owner, 'POST', base(), { name: 'Spring sale', path: 'spring' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Spring sale',
      path: 'spring',
      url: 'shop.test/spring',
      href: 'https://shop.test/spring',
      metrics: { clicks: 0, conversions: 0, conversionRate: 0, revenue: 0 },
    });
    const home = (await call(owner, 'POST', base(), { name: 'Homepage', path: '' })).json();
    expect(home).toMatchObject({ url: 'shop.test', href: 'https://shop.test/' });
  });

  it('creates nested paths, and takes the page address on the root domain for its path', async () => {
    const kit = await call(owner, 'POST', base(), { name: 'Pour-over kit', path: 'products/pour-over-kit' });
    expect(kit.statusCode).toBe(201);
    expect(kit.json()).toMatchObject({
      path: 'products/pour-over-kit',
      url: 'shop.test/products/pour-over-kit',
      href: 'https://shop.test/products/pour-over-kit',
    });
    const pasted = await call(owner, 'POST', base(), {
      name: 'Coffee',
      path: 'https://www.shop.test/collections/coffee/?utm_source=x',
    });
    expect(pasted.json()).toMatchObject({
      path: 'collections/coffee',
      href: 'https://shop.test/collections/coffee',
    });
  });

  const PATH_FORMAT =
    'Invalid URL path format. Path can only contain letters, numbers, hyphens, and underscores, with a slash between two parts (products/pour-over-kit).';
  it.each([
    [{ name: '', path: 'x' }, 'Please enter a landing page name', 'name'],
    [{ path: 'x' }, 'Please enter a landing page name', 'name'],
    [{ name: 'Bad', path: 'a//b' }, PATH_FORMAT, 'path'],
    [{ name: 'Bad', path: 'sale page' }, PATH_FORMAT, 'path'],
    [{ name: 'Bad', path: 'x'.repeat(201) }, 'At most 200 characters', 'path'],
    [
      { name: 'Elsewhere', path: 'https://other.test/spring' },
      "Landing pages are pages of shop.test: give the path (like products/pour-over-kit) or the page's address on shop.test.",
      'path',
    ],
  ])('refuses %j with the spec message and stores nothing', async (body, message, field) => {
    const before = (await call(owner, 'GET', base())).json().length;
    const res = await call(owner, 'POST', base(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, field });
    expect((await call(owner, 'GET', base())).json()).toHaveLength(before);
  });

  it('edits name and path with the rules of create', async () => {
    const page = (await call(owner, 'POST', base(), { name: 'Kettle', path: 'kettle' })).json();
    const res = await call(owner, 'PUT', `${base()}/${page.id}`, {
      name: 'Gooseneck kettle',
      path: 'products/gooseneck-kettle',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: page.id,
      name: 'Gooseneck kettle',
      path: 'products/gooseneck-kettle',
      href: 'https://shop.test/products/gooseneck-kettle',
    });
    const refused = await call(owner, 'PUT', `${base()}/${page.id}`, {
      name: 'Kettle',
      path: 'https://other.test/kettle',
    });
    expect(refused.statusCode).toBe(400);
    const stored = (await call(owner, 'GET', base())).json().find((p: { id: string }) => p.id === page.id);
    expect(stored.path).toBe('products/gooseneck-kettle');
    const unknown = await call(owner, 'PUT', `${base()}/nope`, { name: 'X', path: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Landing page not found' });
  });

  it('refuses a landing page while the website has no root domain', async () => {
    const bare = (await call(bob, 'POST', '/api/websites', { name: 'No domain' })).json();
    const res = await call(bob, 'POST', `/api/websites/${bare.id}/landing-pages`, { name: 'Home', path: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error:
        'Please configure your website domain in the Website Config section before creating landing pages.',
    });
  });

  it('counts a campaign visit and its purchase on the campaign, network, source and landing page cards and the statistics', async () => {
    await call(owner, 'POST', `/api/websites/${siteId}/networks`, {
      name: 'Google Ads',
      trackingParams: ['gclid'],
    });
    await call(owner, 'POST', `/api/websites/${siteId}/networks`, { name: 'Bing Ads' });
    const visitorId = trackerId('lp');
    const sessionId = trackerId('lps');
    await collect([
      pageview({
        visitorId,
        sessionId,
        ts: Date.now() - 60_000,
        url: `https://www.shop.test/spring/?ocxid=${campaign.ocxid}`,
      }),
    ]);
    await collect([{ ...pageview({ visitorId, sessionId }), type: 'custom', name: 'purchase', value: 100 }]);
    // A second visitor lands on the home page with only a gclid: Google Ads, not Search.
    await collect([
      pageview({ visitorId: trackerId('v'), sessionId: trackerId('s'), url: 'https://shop.test/?gclid=abc' }),
    ]);
    await t.app.services.background.settle();

    const one = {
      clicks: 1,
      visitors: 1,
      convertedVisitors: 1,
      conversions: 1,
      conversionRate: 100,
      revenue: 100,
      revenueByCurrency: { USD: 100 },
    };
    const c = (await call(owner, 'GET', `/api/websites/${siteId}/campaigns/${campaign.id}`)).json();
    expect(c.metrics).toEqual(one);
    const networks = (await call(owner, 'GET', `/api/websites/${siteId}/networks`)).json();
    expect(networks.find((n: { name: string }) => n.name === 'Google Ads').metrics).toEqual({
      clicks: 2,
      // Of the two visitors it brought, the buyer converted.
      visitors: 2,
      convertedVisitors: 1,
      conversions: 1,
      conversionRate: 50,
      revenue: 100,
      revenueByCurrency: { USD: 100 },
    });
    expect(networks.find((n: { name: string }) => n.name === 'Bing Ads').metrics.clicks).toBe(0);
    const sources = (await call(owner, 'GET', `/api/websites/${siteId}/sources`)).json();
    expect(sources.find((s: { name: string }) => s.name === 'Search').metrics).toEqual(one);
    expect(sources.find((s: { name: string }) => s.name === 'Social').metrics.clicks).toBe(0);
    const pages = (await call(owner, 'GET', base())).json();
    const spring = pages.find((p: { path: string }) => p.path === 'spring');
    expect(spring.metrics).toEqual(one);
    expect(pages.find((p: { path: string }) => p.path === '').metrics).toMatchObject({
      clicks: 1,
      conversions: 0,
    });

    const stats = await call(owner, 'GET', `${base()}/${spring.id}/stats`);
    expect(stats.statusCode).toBe(200);
    const today = new Date(Date.now() - 60_000).toISOString().slice(0, 10);
    expect(stats.json()).toMatchObject({
      attributionModel: 'first_touch',
      visits: 1,
      visitors: 1,
      convertedVisitors: 1,
      conversions: 1,
      conversionRate: 100,
      // A campaign link is a paid entrance even without a referrer (docs/definitions.md#campaign-links).
      days: [{ date: today, visits: 1, conversions: 1, channels: { paid: 1 }, campaigns: { Spring: 1 } }],
      channels: [{ channel: 'paid', visits: 1 }],
      campaigns: [{ campaignId: campaign.id, name: 'Spring', visits: 1, conversions: 1 }],
    });
  });

  it('deletes a landing page', async () => {
    const p = (await call(owner, 'POST', base(), { name: 'Gone', path: 'gone' })).json();
    expect((await call(owner, 'DELETE', `${base()}/${p.id}`)).statusCode).toBe(204);
    const again = await call(owner, 'GET', `${base()}/${p.id}/stats`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Landing page not found' });
  });

  it('answers 401 without a session on every landing page endpoint', async () => {
    for (const [method, url, body] of [
      ['GET', base()],
      ['POST', base(), { name: 'X' }],
      ['PUT', `${base()}/x`, { name: 'X' }],
      ['GET', `${base()}/x/stats`],
      ['DELETE', `${base()}/x`],
    ] as const) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another user's website and cannot reach its pages through one's own", async () => {
    const p = (await call(owner, 'POST', base(), { name: 'Mine', path: 'mine' })).json();
    for (const [method, url, body] of [
      ['GET', base()],
      ['POST', base(), { name: 'Stolen' }],
      ['PUT', `${base()}/${p.id}`, { name: 'Stolen', path: 'stolen' }],
      ['GET', `${base()}/${p.id}/stats`],
      ['DELETE', `${base()}/${p.id}`],
    ] as const) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Website not found' });
    }
    const bobSite = (
      await call(bob, 'POST', '/api/websites', { name: 'Bob', rootDomain: 'bob.test' })
    ).json();
    expect(
      (await call(bob, 'GET', `/api/websites/${bobSite.id}/landing-pages/${p.id}/stats`)).statusCode,
    ).toBe(404);
    expect((await call(bob, 'DELETE', `/api/websites/${bobSite.id}/landing-pages/${p.id}`)).statusCode).toBe(
      404,
    );
    const through = await call(bob, 'PUT', `/api/websites/${bobSite.id}/landing-pages/${p.id}`, {
      name: 'Stolen',
      path: 'stolen',
    });
    expect(through.statusCode).toBe(404);
    expect(through.json()).toEqual({ error: 'Landing page not found' });
    expect((await call(owner, 'GET', `${base()}/${p.id}/stats`)).json().landingPage).toMatchObject({
      name: 'Mine',
      path: 'mine',
    });
  });
});
