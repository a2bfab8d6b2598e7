import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  createSiteFixture,
  type InjectMethod,
  type SignedIn,
  stores,
  type TestApp,
} from '../../test/test-app';

const steps = [
  { name: 'Pricing', conditions: { path: '/pricing' } },
  { name: 'Subscribe click', conditions: { selector: '#subscribe' } },
  { name: 'Thanks', conditions: { path: '/thank-you' } },
];

describe.each(stores)('funnels API on %s', (dialect) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let siteId: string;
  beforeAll(async () => {
    ({ t, alice, bob, siteId } = await createSiteFixture(dialect));
  });
  afterAll(() => t.close());

  const call = (user: SignedIn | null, method: InjectMethod, url: string, payload?: object) =>
    callAs(t, user, method, url, payload);
  const create = (payload: object, user = alice) => call(user, 'POST', '/api/funnels', payload);
  const trackerSelectors = async (site: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/collect/config?site=${site}` })).json().cs;

  it('creates a funnel with numbered steps, lists it by website_id and reads it back', async () => {
    const res = await create({ website_id: siteId, name: 'Checkout', description: 'Buy flow', steps });
    expect(res.statusCode).toBe(201);
    const funnel = res.json();
    expect(funnel).toMatchObject({ name: 'Checkout', description: 'Buy flow', website_id: siteId });
    expect(
      funnel.steps.map((s: { name: string; order: number; conditions: object }) => [
        s.name,
        s.order,
        s.conditions,
      ]),
    ).toEqual([
      ['Pricing', 1, { path: '/pricing' }],
      ['Subscribe click', 2, { selector: '#subscribe' }],
      ['Thanks', 3, { path: '/thank-you' }],
    ]);
    expect((await call(alice, 'GET', `/api/funnels?website_id=${siteId}`)).json()).toEqual([funnel]);
    expect((await call(alice, 'GET', `/api/funnels?websiteId=${siteId}`)).json()).toEqual([funnel]);
    expect((await call(alice, 'GET', `/api/funnels/${funnel.id}`)).json()).toEqual(funnel);
  });

  it("names an unnamed funnel 'New Funnel' and unnamed steps 'Step N'", async () => {
    const funnel = (
      await create({
        websiteId: siteId,
        name: ' ',
        steps: [{ conditions: { path: '/a' } }, { conditions: { path: '/b' } }],
      })
    ).json();
    expect(funnel.name).toBe('New Funnel');
    expect(funnel.description).toBe('');
    expect(funnel.steps.map((s: { name: string }) => s.name)).toEqual(['Step 1', 'Step 2']);
    await call(alice, 'DELETE', `/api/funnels/${funnel.id}`);
  });

  it('updates name, description and steps, keeping step ids and renumbering', async () => {
    const funnel = (await create({ website_id: siteId, name: 'Reorder me', steps })).json();
    const [first, second, third] = funnel.steps;
    const res = await call(alice, 'PUT', `/api/funnels/${funnel.id}`, {
      name: 'Reordered',
      description: 'Now shorter',
      steps: [third, { ...first, name: 'Pricing page' }],
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({ name: 'Reordered', description: 'Now shorter' });
    expect(updated.steps).toEqual([
      { ...third, order: 1 },
      { ...first, name: 'Pricing page', order: 2 },
    ]);
    expect(updated.steps.some((s: { id: string }) => s.id === second.id)).toBe(false);
    await call(alice, 'DELETE', `/api/funnels/${funnel.id}`);
  });

  it('deletes a funnel', async () => {
    const funnel = (await create({ website_id: siteId, steps })).json();
    expect((await call(alice, 'DELETE', `/api/funnels/${funnel.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/funnels/${funnel.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/api/funnels/${funnel.id}`)).json()).toEqual({
      error: 'Funnel not found',
    });
  });

  it('removes the funnels of a deleted website', async () => {
    const site = (
      await call(alice, 'POST', '/api/websites', { name: 'Gone', rootDomain: 'gone.test' })
    ).json().id;
    const funnel = (await create({ website_id: site, steps })).json();
    expect((await call(alice, 'DELETE', `/api/websites/${site}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/funnels/${funnel.id}`)).statusCode).toBe(404);
  });

  it.each([
    [{ steps: [] }, 'A funnel needs at least 1 step'],
    // The contract refuses a missing list (at its field); the rules refuse what is in it.
    [{}, 'A funnel needs at least 1 step', 'steps'],
    [
      { steps: [{ conditions: { path: '/a' } }, { name: 'Empty', conditions: { path: ' ' } }] },
      'Step 2 needs a URL path or a CSS selector',
    ],
    [
      { steps: [{ conditions: { path: '/a', selector: '#b' } }] },
      'Step 1 matches either a URL path or a CSS selector, not both',
    ],
    [
      { steps: Array.from({ length: 21 }, () => ({ conditions: { path: '/' } })) },
      'A funnel can have at most 20 steps',
    ],
  ])('refuses %j with a clear message', async (body, message, field?: string) => {
    const res = await create({ website_id: siteId, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(field ? { error: message, field } : { error: message });
  });

  it('needs a website id and checks the period names', async () => {
    expect((await create({ steps })).json()).toEqual({ error: 'website_id is required' });
    expect((await call(alice, 'GET', '/api/funnels')).json()).toEqual({ error: 'website_id is required' });
    expect((await call(alice, 'GET', '/api/funnels?website_id=')).json()).toEqual({
      error: 'website_id is required',
    });
    expect((await create({ website_id: '', steps })).json()).toEqual({ error: 'website_id is required' });
    const funnel = (await create({ website_id: siteId, steps })).json();
    const bad = await call(alice, 'GET', `/api/funnels/analytics/${funnel.id}?timeRange=year`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'timeRange must be today, week, month or all' });
    expect((await call(alice, 'GET', '/api/funnels/analytics/compare')).json()).toEqual({
      error: 'funnelId is required',
    });
    await call(alice, 'DELETE', `/api/funnels/${funnel.id}`);
  });

  it("answers 404 for another user's website and funnel, and changes nothing", async () => {
    const funnel = (await create({ website_id: siteId, name: 'Private', steps })).json();
    expect((await call(bob, 'GET', `/api/funnels?website_id=${siteId}`)).statusCode).toBe(404);
    expect((await create({ website_id: siteId, steps }, bob)).statusCode).toBe(404);
    for (const [method, url, body] of [
      ['GET', `/api/funnels/${funnel.id}`],
      ['PUT', `/api/funnels/${funnel.id}`, { name: 'Stolen', steps }],
      ['DELETE', `/api/funnels/${funnel.id}`],
      ['GET', `/api/funnels/analytics/${funnel.id}?timeRange=week`],
      ['GET', `/api/funnels/analytics/compare?funnelId=${funnel.id}`],
    ] as [InjectMethod, string, object?][]) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Funnel not found' });
    }
    expect((await call(alice, 'GET', `/api/funnels/${funnel.id}`)).json().name).toBe('Private');
    await call(alice, 'DELETE', `/api/funnels/${funnel.id}`);
  });

  it('answers 401 to every funnel call when signed out', async () => {
    for (const [method, url] of [
      ['GET', `/api/funnels?website_id=${siteId}`],
      ['POST', '/api/funnels'],
      ['GET', '/api/funnels/x'],
      ['PUT', '/api/funnels/x'],
      ['DELETE', '/api/funnels/x'],
      ['GET', '/api/funnels/analytics/x?timeRange=week'],
      ['GET', '/api/funnels/analytics/compare?funnelId=x'],
    ] as [InjectMethod, string][]) {
      expect(
        (await call(null, method, url, method === 'POST' || method === 'PUT' ? { steps } : undefined))
          .statusCode,
      ).toBe(401);
    }
  });

  it("lists funnel step selectors in the tracker's config and follows every change", async () => {
    const site = (
      await call(alice, 'POST', '/api/websites', { name: 'Blog', rootDomain: 'blog.test' })
    ).json().id;
    await call(alice, 'POST', `/api/websites/${site}/goals`, {
      name: 'Buy',
      type: 'click',
      conditions: { selector: '#subscribe' },
    });
    expect(await trackerSelectors(site)).toEqual(['#subscribe']);
    const funnel = (
      await create({ website_id: site, steps: [...steps, { conditions: { selector: '.upsell' } }] })
    ).json();
    // The goal's and the funnel's '#subscribe' are sent once.
    expect(await trackerSelectors(site)).toEqual(['#subscribe', '.upsell']);
    await call(alice, 'PUT', `/api/funnels/${funnel.id}`, {
      steps: [...steps, { name: 'Upsell', conditions: { selector: '.upsell-2' } }],
    });
    expect(await trackerSelectors(site)).toEqual(['#subscribe', '.upsell-2']);
    await call(alice, 'DELETE', `/api/funnels/${funnel.id}`);
    expect(await trackerSelectors(site)).toEqual(['#subscribe']);
  });
});
