import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CampaignRepository } from '../../storage/campaigns/campaign.repository';
import {
  as,
  callAs,
  createSiteFixture,
  dialects,
  type InjectMethod,
  type SignedIn,
  type TestApp,
} from '../../test/test-app';

describe.each(dialects)('campaigns API on %s', (dialect) => {
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
  const base = () => `/api/websites/${siteId}/campaigns`;
  const newCampaign = {
    name: 'Black Friday Sale',
    network: 'Google Ads',
    source: 'Search',
    landingPage: 'https://shop.test/sale?ref=ads',
    utmParams: { source: 'google', medium: 'cpc' },
    trackingParams: { adgroup: 'shoes', ocxid: 'cannot-override', blank: '' },
  };

  it('creates a campaign with a 32-hex ocxid, the hyphenated UTM campaign and the tracked URL', async () => {
    const res = await call(alice, 'POST', base(), newCampaign);
    expect(res.statusCode).toBe(201);
    const campaign = res.json();
    expect(campaign.ocxid).toMatch(/^[0-9a-f]{32}$/);
    expect(campaign).toMatchObject({
      name: 'Black Friday Sale',
      network: 'Google Ads',
      source: 'Search',
      utmParams: { source: 'google', medium: 'cpc', campaign: 'black-friday-sale' },
      trackingParams: { ocxid: campaign.ocxid, adgroup: 'shoes' },
      metrics: { clicks: 0, conversions: 0, conversionRate: 0, revenue: 0 },
    });
    expect(campaign.trackedUrl).toBe(
      `https://shop.test/sale?ocxid=${campaign.ocxid}&utm_source=google&utm_medium=cpc&utm_campaign=black-friday-sale&adgroup=shoes&ref=ads`,
    );
  });

  it('gives two campaigns of the same name different ocxids', async () => {
    const a = (await call(alice, 'POST', base(), newCampaign)).json();
    const b = (await call(alice, 'POST', base(), newCampaign)).json();
    expect(a.ocxid).not.toBe(b.ocxid);
  });

  it('edits a campaign but never its ocxid, and deletes it', async () => {
    const created = (await call(alice, 'POST', base(), newCampaign)).json();
    const res = await call(alice, 'PATCH', `${base()}/${created.id}`, {
      name: 'Cyber Monday',
      trackingParams: { ocxid: 'x', promo: 'cm' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Cyber Monday',
      ocxid: created.ocxid,
      trackingParams: { ocxid: created.ocxid, promo: 'cm' },
    });
    const list = (await call(alice, 'GET', base())).json();
    expect(list.some((c: { id: string }) => c.id === created.id)).toBe(true);
    expect((await call(alice, 'DELETE', `${base()}/${created.id}`)).statusCode).toBe(204);
    const gone = await call(alice, 'GET', `${base()}/${created.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'Campaign not found' });
  });

  it.each([
    [{ ...newCampaign, name: '' }, 'Please fill in all required fields', 'name'],
    [{ ...newCampaign, network: '  ' }, 'Please fill in all required fields', 'network'],
    [
      { name: 'x', network: 'y', landingPage: 'https://a.test' },
      'Please fill in all required fields',
      'source',
    ],
    [
      { ...newCampaign, landingPage: 'not a url' },
      'Please enter a valid landing page URL (http or https)',
      'landingPage',
    ],
    [{ ...newCampaign, utmParams: { source: 'x'.repeat(201) } }, expect.any(String), 'utmParams.source'],
  ])('refuses %j with the spec message at its field and stores nothing', async (body, message, field) => {
    const before = (await call(alice, 'GET', base())).json().length;
    const res = await call(alice, 'POST', base(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, field });
    expect((await call(alice, 'GET', base())).json().length).toBe(before);
  });

  it('refuses a landing page the tracker would never count, on create and on edit, and stores nothing', async () => {
    const message =
      'This page is not on shop.test or its subdomains, so the tracker would never count its visits. Use a page of your website, or add its domain to the cross-domain list in Website Configuration.';
    const before = (await call(alice, 'GET', base())).json().length;
    for (const landingPage of [
      'https://other.test/sale',
      'https://shop.test.evil.example/',
      'https://test/',
    ]) {
      const res = await call(alice, 'POST', base(), { ...newCampaign, landingPage });
      expect(res.statusCode, landingPage).toBe(400);
      expect(res.json()).toEqual({ error: message, field: 'landingPage' });
    }
    expect((await call(alice, 'GET', base())).json()).toHaveLength(before);

    const created = (await call(alice, 'POST', base(), newCampaign)).json();
    const moved = await call(alice, 'PATCH', `${base()}/${created.id}`, {
      landingPage: 'https://other.test/',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ error: message, field: 'landingPage' });
    expect((await call(alice, 'GET', `${base()}/${created.id}`)).json().landingPage).toBe(
      newCampaign.landingPage,
    );
  });

  it('takes a landing page on a subdomain, the www host, and a cross domain once cross-domain tracking is on', async () => {
    for (const landingPage of ['https://m.shop.test/a', 'https://www.shop.test/products/pour-over-kit']) {
      expect(
        (await call(alice, 'POST', base(), { ...newCampaign, landingPage })).statusCode,
        landingPage,
      ).toBe(201);
    }
    const checkout = { ...newCampaign, landingPage: 'https://pay.shop-checkout.test/cart' };
    expect((await call(alice, 'POST', base(), checkout)).statusCode).toBe(400);
    const site = (await call(alice, 'GET', `/api/websites/${siteId}`)).json();
    const patched = await call(alice, 'PATCH', `/api/websites/${siteId}`, {
      scriptConfig: { ...site.scriptConfig, crossDomainTracking: true, crossDomains: ['shop-checkout.test'] },
    });
    expect(patched.statusCode).toBe(200);
    expect((await call(alice, 'POST', base(), checkout)).statusCode).toBe(201);
  });

  it('names every invalid field at once, each with its own message, the first one as before', async () => {
    const res = await call(alice, 'POST', base(), {
      ...newCampaign,
      name: ' ',
      landingPage: 'ftp://shop.test',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Please fill in all required fields',
      field: 'name',
      fields: {
        name: 'Please fill in all required fields',
        landingPage: 'Please enter a valid landing page URL (http or https)',
      },
    });
  });

  it('names no field when what is wrong is the path, not the body', async () => {
    const res = await call(alice, 'GET', `${base()}/${'x'.repeat(65)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it('answers 401 without a session on every campaign endpoint', async () => {
    const c = (await call(alice, 'POST', base(), newCampaign)).json();
    for (const [method, url, body] of [
      ['GET', base()],
      ['POST', base(), newCampaign],
      ['GET', `${base()}/${c.id}`],
      ['PATCH', `${base()}/${c.id}`, { name: 'x' }],
      ['DELETE', `${base()}/${c.id}`],
    ] as const) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another user's website on every campaign endpoint and changes nothing", async () => {
    const c = (await call(alice, 'POST', base(), newCampaign)).json();
    for (const [method, url, body] of [
      ['GET', base()],
      ['POST', base(), newCampaign],
      ['GET', `${base()}/${c.id}`],
      ['PATCH', `${base()}/${c.id}`, { name: 'Stolen' }],
      ['DELETE', `${base()}/${c.id}`],
    ] as const) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Website not found' });
    }
    expect((await call(alice, 'GET', `${base()}/${c.id}`)).json().name).toBe('Black Friday Sale');
  });

  it("cannot reach another website's campaign through one's own website id", async () => {
    const c = (await call(alice, 'POST', base(), newCampaign)).json();
    const bobSite = (await call(bob, 'POST', '/api/websites', { name: 'Bob' })).json();
    const res = await call(bob, 'PATCH', `/api/websites/${bobSite.id}/campaigns/${c.id}`, { name: 'Stolen' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Campaign not found' });
  });
});

describe.each(dialects)('the builder ocxid on %s', (dialect) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let siteId: string;
  beforeAll(async () => {
    ({ t, alice, bob, siteId } = await createSiteFixture(dialect));
  });
  afterAll(() => t.close());
  const post = (user: SignedIn | null, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: as(user), payload });
  const body = { name: 'Spring', network: 'Google Ads', source: 'Search', landingPage: 'https://shop.test/' };

  it('proposes a 32-hex ocxid that the created campaign keeps, and refuses it a second time', async () => {
    const proposed = await post(alice, `/api/websites/${siteId}/campaigns/ocxid`, { name: 'Spring' });
    expect(proposed.statusCode).toBe(200);
    const { ocxid } = proposed.json();
    expect(ocxid).toMatch(/^[0-9a-f]{32}$/);
    const created = await post(alice, `/api/websites/${siteId}/campaigns`, { ...body, ocxid });
    expect(created.json()).toMatchObject({ ocxid, trackingParams: { ocxid } });
    const again = await post(alice, `/api/websites/${siteId}/campaigns`, { ...body, ocxid });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This campaign ID is already in use' });
  });

  it('answers 409, never 500, when a create loses the race for its ocxid at the unique index', async () => {
    const { ocxid } = (await post(alice, `/api/websites/${siteId}/campaigns/ocxid`, { name: 'Race' })).json();
    expect((await post(alice, `/api/websites/${siteId}/campaigns`, { ...body, ocxid })).statusCode).toBe(201);
    // The loser checked before the winner's row existed: only the database's unique index stops it.
    const check = vi.spyOn(CampaignRepository.prototype, 'ocxidTaken').mockResolvedValue(false);
    try {
      const loser = await post(alice, `/api/websites/${siteId}/campaigns`, { ...body, name: 'Late', ocxid });
      expect(loser.statusCode).toBe(409);
      expect(loser.json()).toEqual({ error: 'This campaign ID is already in use' });
    } finally {
      check.mockRestore();
    }
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/websites/${siteId}/campaigns`, headers: as(alice) })
    ).json();
    expect(list.filter((c: { ocxid: string }) => c.ocxid === ocxid)).toHaveLength(1);
  });

  it('keeps one campaign when creates with the same ocxid arrive together', async () => {
    const { ocxid } = (
      await post(alice, `/api/websites/${siteId}/campaigns/ocxid`, { name: 'Burst' })
    ).json();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(alice, `/api/websites/${siteId}/campaigns`, { ...body, name: `Burst ${i}`, ocxid }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('needs a name, a session and the owner', async () => {
    const url = `/api/websites/${siteId}/campaigns/ocxid`;
    expect((await post(alice, url, { name: ' ' })).json()).toEqual({
      error: 'Please fill in all required fields',
      field: 'name',
    });
    expect((await post(null, url, { name: 'x' })).statusCode).toBe(401);
    const stolen = await post(bob, url, { name: 'x' });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: 'Website not found' });
  });
});
