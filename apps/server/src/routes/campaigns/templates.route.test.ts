import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ownOrganization } from '../../test/members.fixture';
import {
  callAs,
  createSiteFixture,
  dialects,
  type InjectMethod,
  type SignedIn,
  type TestApp,
} from '../../test/test-app';

describe.each(dialects)('campaign templates API on %s', (dialect) => {
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
  const base = () => `/api/websites/${siteId}/templates`;
  const mine = {
    name: 'Spring Newsletter',
    description: 'Our spring mailing',
    network: 'Mailchimp',
    source: 'Email',
    category: 'goal',
    utmParameters: { source: 'newsletter', medium: 'email', campaign: 'spring', term: ' ' },
    customParameters: { issue: '12', ocxid: 'never', empty: '' },
  };

  it('lists the default templates, read-only and ordered by name', async () => {
    const list = (await call(alice, 'GET', base())).json();
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.every((x: { isDefault: boolean }) => x.isDefault)).toBe(true);
    const names = list.map((x: { name: string }) => x.name);
    expect(names).toEqual([...names].sort());
    expect(list.find((x: { name: string }) => x.name === 'Facebook Lead Gen')).toMatchObject({
      network: 'Facebook Ads',
      source: 'Social',
      category: 'goal',
      websiteId: null,
      utmParameters: { source: 'facebook', medium: 'paid_social', campaign: 'lead-gen' },
    });
  });

  it("saves the user's template for the website, without blanks or an ocxid", async () => {
    const res = await call(alice, 'POST', base(), mine);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Spring Newsletter',
      websiteId: siteId,
      isDefault: false,
      utmParameters: { source: 'newsletter', medium: 'email', campaign: 'spring' },
      customParameters: { issue: '12' },
    });
    expect(res.json().utmParameters).not.toHaveProperty('term');
  });

  it('filters by category and network', async () => {
    const goal = (await call(alice, 'GET', `${base()}?category=goal`)).json();
    expect(goal.every((x: { category: string }) => x.category === 'goal')).toBe(true);
    expect(goal.map((x: { name: string }) => x.name)).toContain('Spring Newsletter');
    const google = (await call(alice, 'GET', `${base()}?network=Google%20Ads`)).json();
    expect(google.length).toBeGreaterThan(0);
    expect(google.every((x: { network: string }) => x.network === 'Google Ads')).toBe(true);
  });

  it('edits and deletes its own template', async () => {
    const own = (await call(alice, 'POST', base(), mine)).json();
    const edited = await call(alice, 'PATCH', `${base()}/${own.id}`, { name: 'Summer Newsletter' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Summer Newsletter', source: 'Email' });
    expect((await call(alice, 'DELETE', `${base()}/${own.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'DELETE', `${base()}/${own.id}`)).json()).toEqual({
      error: 'Template not found',
    });
  });

  it('refuses to change or delete a default template with the spec messages', async () => {
    const def = (await call(alice, 'GET', base())).json()[0];
    const patch = await call(alice, 'PATCH', `${base()}/${def.id}`, { name: 'Mine now' });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toEqual({ error: 'Cannot modify default templates' });
    const del = await call(alice, 'DELETE', `${base()}/${def.id}`);
    expect(del.statusCode).toBe(400);
    expect(del.json()).toEqual({ error: 'Cannot delete default templates' });
    expect((await call(alice, 'GET', base())).json()[0]).toEqual(def);
  });

  it.each([
    [{ ...mine, name: '' }, 'Please enter a template name'],
    [{ ...mine, name: undefined }, 'Please enter a template name'],
  ])('refuses a template without a name, at that field', async (body, message) => {
    const res = await call(alice, 'POST', base(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, field: 'name' });
  });

  it('answers 401 without a session on every template endpoint', async () => {
    for (const [method, url, body] of [
      ['GET', base()],
      ['POST', base(), mine],
      ['PATCH', `${base()}/x`, { name: 'x' }],
      ['DELETE', `${base()}/x`],
    ] as const) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another user's website; one's own website never shows or reaches another's templates", async () => {
    const own = (await call(alice, 'POST', base(), mine)).json();
    for (const [method, url, body] of [
      ['GET', base()],
      ['POST', base(), mine],
      ['PATCH', `${base()}/${own.id}`, { name: 'Stolen' }],
      ['DELETE', `${base()}/${own.id}`],
    ] as const) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Website not found' });
    }
    const bobSite = (await call(bob, 'POST', '/api/websites', { name: 'Bob' })).json();
    const bobBase = `/api/websites/${bobSite.id}/templates`;
    const bobList = (await call(bob, 'GET', bobBase)).json();
    expect(bobList.some((x: { id: string }) => x.id === own.id)).toBe(false);
    expect((await call(bob, 'PATCH', `${bobBase}/${own.id}`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `${bobBase}/${own.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'GET', base())).json().some((x: { id: string }) => x.id === own.id)).toBe(true);
  });

  it("a viewer of the website's organization reads the templates but neither changes nor deletes them", async () => {
    const own = (await call(alice, 'POST', base(), mine)).json();
    const viewer = await addMember(t, alice, await ownOrganization(t, alice), 'viewer');
    expect((await call(viewer, 'GET', base())).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', base(), mine],
      ['PATCH', `${base()}/${own.id}`, { name: 'Changed by a viewer' }],
      ['DELETE', `${base()}/${own.id}`],
    ] as const) {
      const res = await call(viewer, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ error: 'Viewers can look at this website but not change it' });
    }
    const kept = (await call(alice, 'GET', base())).json().find((x: { id: string }) => x.id === own.id);
    expect(kept).toEqual(own);
  });
});
