import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  createSiteFixture,
  type InjectMethod,
  type SignedIn,
  type TestApp,
} from '../../test/test-app';
import { dialects } from '../../test/test-database';

// The figures on the cards come from the touchpoint reads, held alike on ClickHouse by
// storage/campaigns/touchpoint.contract.ts: these CRUD suites run on the SQL dialects.
describe.each(dialects)('networks API on %s', (dialect) => {
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
  const base = () => `/api/websites/${siteId}/networks`;

  it('serves the ad platform catalogue the click-id check uses', async () => {
    const res = await call(alice, 'GET', '/api/ad-platforms');
    expect(res.statusCode).toBe(200);
    const catalogue = res.json();
    expect(catalogue.map((p: { name: string }) => p.name)).toEqual([
      'Google',
      'Facebook',
      'TikTok',
      'Pinterest',
      'Bing',
    ]);
    expect(catalogue[0].trackingParams.map((p: { name: string }) => p.name)).toEqual([
      'gclid',
      'gbraid',
      'wbraid',
    ]);
    expect(catalogue[4].trackingParams[0]).toMatchObject({ name: 'msclkid', pattern: '^[A-Za-z0-9-]+$' });
  });

  it('creates a network with lower-cased tracking parameters and its sources, and lists it with zero metrics', async () => {
    const res = await call(alice, 'POST', base(), {
      name: 'Google Ads',
      trackingParams: ['GCLID', 'adgroup', 'gclid'],
      sources: ['Search', 'Display'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Google Ads',
      slug: 'google-ads',
      sources: ['Search', 'Display'],
      trackingParams: [
        { name: 'gclid', description: 'Google Click ID', required: true },
        { name: 'adgroup', required: true, pattern: '^[A-Za-z0-9_-]+$' },
      ],
      metrics: { clicks: 0, conversions: 0, conversionRate: 0, revenue: 0 },
    });
    const list = (await call(alice, 'GET', base())).json();
    expect(list.map((n: { name: string }) => n.name)).toContain('Google Ads');
  });

  it.each([
    [{ name: '' }, 'Please enter a network name', 'name'],
    [{ name: '   ' }, 'Please enter a network name', 'name'],
    [{}, 'Please enter a network name', 'name'],
    [{ name: 'X', trackingParams: [' '] }, 'Please enter a tracking parameter', 'trackingParams.0'],
  ])('refuses %j with the spec message at its field', async (body, message, field) => {
    const res = await call(alice, 'POST', base(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, field });
  });

  it('refuses a second network of the same name', async () => {
    await call(alice, 'POST', base(), { name: 'Bing Ads' });
    const res = await call(alice, 'POST', base(), { name: 'bing  ads' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'A network with this name already exists', field: 'name' });
  });

  it('adds the sources a network names to the traffic sources, so both screens show them', async () => {
    await call(alice, 'POST', base(), { name: 'Newsletter', sources: ['Email', 'Search'] });
    const sources = (await call(alice, 'GET', `/api/websites/${siteId}/sources`)).json();
    const names = sources.map((s: { name: string }) => s.name);
    expect(names.filter((n: string) => n === 'Email')).toHaveLength(1);
    expect(names.filter((n: string) => n === 'Search')).toHaveLength(1);
  });

  it('a deleted source leaves the networks that named it and does not come back', async () => {
    const n = (
      await call(alice, 'POST', base(), { name: 'Affiliate Hub', sources: ['Affiliates', 'Search'] })
    ).json();
    const sources = () => call(alice, 'GET', `/api/websites/${siteId}/sources`).then((r) => r.json());
    const affiliates = (await sources()).find((s: { name: string }) => s.name === 'Affiliates');
    expect(affiliates).toBeDefined();
    expect((await call(alice, 'DELETE', `/api/websites/${siteId}/sources/${affiliates.id}`)).statusCode).toBe(
      204,
    );
    const network = (await call(alice, 'GET', base())).json().find((x: { id: string }) => x.id === n.id);
    expect(network.sources).toEqual(['Search']);
    expect((await sources()).map((s: { name: string }) => s.name)).not.toContain('Affiliates');
  });

  it('edits a network with the create rules: name, parameters, sources; a taken name is refused', async () => {
    const n = (await call(alice, 'POST', base(), { name: 'Reddit Ads', trackingParams: ['rdt_cid'] })).json();
    const res = await call(alice, 'PUT', `${base()}/${n.id}`, {
      name: 'Reddit',
      trackingParams: ['RDT_CID', 'sub'],
      sources: ['Social', 'Forums'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: n.id,
      name: 'Reddit',
      slug: 'reddit',
      sources: ['Social', 'Forums'],
      trackingParams: [{ name: 'rdt_cid' }, { name: 'sub' }],
    });
    const sources = (await call(alice, 'GET', `/api/websites/${siteId}/sources`)).json();
    expect(sources.map((s: { name: string }) => s.name)).toContain('Forums');
    await call(alice, 'POST', base(), { name: 'Quora' });
    const taken = await call(alice, 'PUT', `${base()}/${n.id}`, { name: 'quora' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ error: 'A network with this name already exists', field: 'name' });
    const empty = await call(alice, 'PUT', `${base()}/${n.id}`, { name: ' ' });
    expect(empty.json()).toEqual({ error: 'Please enter a network name', field: 'name' });
    const missing = await call(alice, 'PUT', `${base()}/00000000-0000-4000-8000-000000000000`, { name: 'X' });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a network', async () => {
    const n = (await call(alice, 'POST', base(), { name: 'TikTok Ads' })).json();
    expect((await call(alice, 'DELETE', `${base()}/${n.id}`)).statusCode).toBe(204);
    const again = await call(alice, 'DELETE', `${base()}/${n.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Network not found' });
  });

  it('answers 401 without a session on every network endpoint', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/ad-platforms'],
      ['GET', base()],
      ['POST', base(), { name: 'X' }],
      ['PUT', `${base()}/x`, { name: 'X' }],
      ['DELETE', `${base()}/x`],
    ] as const) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another user's website and cannot reach its networks through one's own", async () => {
    const n = (await call(alice, 'POST', base(), { name: 'Pinterest Ads' })).json();
    for (const [method, url, body] of [
      ['GET', base()],
      ['POST', base(), { name: 'Stolen' }],
      ['PUT', `${base()}/${n.id}`, { name: 'Stolen' }],
      ['DELETE', `${base()}/${n.id}`],
    ] as const) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Website not found' });
    }
    const bobSite = (await call(bob, 'POST', '/api/websites', { name: 'Bob' })).json();
    expect((await call(bob, 'DELETE', `/api/websites/${bobSite.id}/networks/${n.id}`)).statusCode).toBe(404);
    const viaOwn = await call(bob, 'PUT', `/api/websites/${bobSite.id}/networks/${n.id}`, { name: 'Stolen' });
    expect(viaOwn.statusCode).toBe(404);
    const names = (await call(alice, 'GET', base())).json().map((x: { name: string }) => x.name);
    expect(names).toContain('Pinterest Ads');
    expect(names).not.toContain('Stolen');
  });
});
