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
describe.each(dialects)('traffic sources API on %s', (dialect) => {
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
  const base = () => `/api/websites/${siteId}/sources`;

  it('seeds Search, Social, Display and Shopping with the spec descriptions and computed (zero) metrics', async () => {
    const [first, second] = await Promise.all([call(alice, 'GET', base()), call(alice, 'GET', base())]);
    expect(first.statusCode).toBe(200);
    const zero = { clicks: 0, conversions: 0, conversionRate: 0, revenue: 0 };
    expect(first.json()).toMatchObject([
      { name: 'Search', description: 'Search engine traffic', isDefault: true, metrics: zero },
      { name: 'Social', description: 'Social media traffic', isDefault: true, metrics: zero },
      { name: 'Display', description: 'Display advertising', isDefault: true, metrics: zero },
      { name: 'Shopping', description: 'Shopping campaigns', isDefault: true, metrics: zero },
    ]);
    // Two first reads at once still seed once.
    expect(second.json()).toHaveLength(4);
  });

  it('creates a source, and a deleted default stays deleted', async () => {
    const res = await call(alice, 'POST', base(), { name: 'Email', description: 'Newsletter traffic' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Email', slug: 'email', isDefault: false });
    const display = (await call(alice, 'GET', base()))
      .json()
      .find((s: { name: string }) => s.name === 'Display');
    expect((await call(alice, 'DELETE', `${base()}/${display.id}`)).statusCode).toBe(204);
    const names = (await call(alice, 'GET', base())).json().map((s: { name: string }) => s.name);
    expect(names).toEqual(['Search', 'Social', 'Shopping', 'Email']);
  });

  it.each([
    [{ name: '' }, 'Please fill in all required fields'],
    [{ description: 'x' }, 'Please fill in all required fields'],
    [{ name: 'search' }, 'A source with this name already exists'],
  ])('refuses %j at the name field', async (body, message) => {
    const res = await call(alice, 'POST', base(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, field: 'name' });
  });

  it('edits a source: the networks that list it and its campaigns follow the new name', async () => {
    const email = (await call(alice, 'POST', base(), { name: 'Newsletter', description: '' })).json();
    await call(alice, 'POST', `/api/websites/${siteId}/networks`, {
      name: 'Mailchimp',
      sources: ['Newsletter'],
    });
    const campaign = (
      await call(alice, 'POST', `/api/websites/${siteId}/campaigns`, {
        name: 'March issue',
        network: 'Mailchimp',
        source: 'Newsletter',
        landingPage: 'https://shop.test/march',
      })
    ).json();
    const res = await call(alice, 'PUT', `${base()}/${email.id}`, {
      name: 'Mailing list',
      description: 'Monthly newsletter',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: email.id,
      name: 'Mailing list',
      slug: 'mailing-list',
      description: 'Monthly newsletter',
    });
    const names = (await call(alice, 'GET', base())).json().map((s: { name: string }) => s.name);
    expect(names).toContain('Mailing list');
    // No network still names the old source, so it is not adopted back.
    expect(names).not.toContain('Newsletter');
    const networks = (await call(alice, 'GET', `/api/websites/${siteId}/networks`)).json();
    expect(networks.find((n: { name: string }) => n.name === 'Mailchimp').sources).toEqual(['Mailing list']);
    const renamed = (await call(alice, 'GET', `/api/websites/${siteId}/campaigns/${campaign.id}`)).json();
    expect(renamed.source).toBe('Mailing list');
  });

  it('refuses an edit to an empty name or the name of another source', async () => {
    const search = (await call(alice, 'GET', base())).json()[0];
    for (const [body, message] of [
      [{ name: ' ' }, 'Please fill in all required fields'],
      [{ name: 'SOCIAL' }, 'A source with this name already exists'],
    ] as const) {
      const res = await call(alice, 'PUT', `${base()}/${search.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message, field: 'name' });
    }
    expect((await call(alice, 'GET', base())).json()[0].name).toBe('Search');
  });

  it('answers 404 for an unknown source', async () => {
    const res = await call(alice, 'DELETE', `${base()}/nope`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Source not found' });
  });

  it('answers 401 without a session on every source endpoint', async () => {
    for (const [method, url, body] of [
      ['GET', base()],
      ['POST', base(), { name: 'X' }],
      ['PUT', `${base()}/x`, { name: 'X' }],
      ['DELETE', `${base()}/x`],
    ] as const) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another user's website and cannot reach its sources through one's own", async () => {
    const search = (await call(alice, 'GET', base())).json()[0];
    for (const [method, url, body] of [
      ['GET', base()],
      ['POST', base(), { name: 'Stolen' }],
      ['PUT', `${base()}/${search.id}`, { name: 'Stolen' }],
      ['DELETE', `${base()}/${search.id}`],
    ] as const) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Website not found' });
    }
    const bobSite = (await call(bob, 'POST', '/api/websites', { name: 'Bob' })).json();
    expect((await call(bob, 'DELETE', `/api/websites/${bobSite.id}/sources/${search.id}`)).statusCode).toBe(
      404,
    );
    // Bob's own website id does not reach Alice's source either: his organization has no such source.
    const through = await call(bob, 'PUT', `/api/websites/${bobSite.id}/sources/${search.id}`, {
      name: 'Stolen',
    });
    expect(through.statusCode).toBe(404);
    expect(through.json()).toEqual({ error: 'Source not found' });
    expect((await call(alice, 'GET', base())).json()[0]).toMatchObject({
      name: 'Search',
      description: 'Search engine traffic',
    });
  });
});
