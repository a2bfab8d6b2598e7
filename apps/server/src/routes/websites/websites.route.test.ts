import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';

describe.each(dialects)('websites API on %s', (dialect) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const call = (
    user: SignedIn | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });
  const create = async (
    user: SignedIn,
    payload: object = { name: 'Shop', rootDomain: 'shop.example.com' },
  ) => {
    const res = await call(user, 'POST', '/api/websites', payload);
    expect(res.statusCode).toBe(201);
    return res.json();
  };

  it('creates a website with the default configuration, no brand and a tracking snippet', async () => {
    const site = await create(alice, { name: '  Shop ', rootDomain: 'HTTPS://Shop.Example.com/' });
    expect(site).toMatchObject({
      name: 'Shop',
      brand: '',
      rootDomain: 'shop.example.com',
      attribution: {
        model: 'first_touch',
        window: 90,
        settings: { decayParameter: 7, customWeights: [0.2, 0.2, 0.2, 0.2, 0.2] },
      },
      scriptConfig: {
        cookieDomain: '.shop.example.com',
        crossDomainTracking: false,
        crossDeviceTracking: false,
        ipAnonymization: true,
        trackingScript: expect.stringContaining(
          `<script async src="http://localhost:3000/t.js" data-site="${site.id}"></script>`,
        ),
      },
      goals: [],
      postbackUrl: null,
      privacy: { consentMode: 'require', respectDnt: false, retentionMonths: 25 },
    });
    expect(site.scriptConfig.defaultCampaignId).toMatch(/^c_[a-z0-9]{7}$/);
  });

  it('takes the consent mode at creation and in a PATCH, refuses an unknown one and keeps the rest', async () => {
    const site = await create(alice, {
      name: 'Blog',
      rootDomain: 'blog.example.com',
      privacy: { consentMode: 'none' },
    });
    expect(site.privacy).toEqual({ consentMode: 'none', respectDnt: false, retentionMonths: 25 });
    const dnt = await call(alice, 'PATCH', `/api/websites/${site.id}`, { privacy: { respectDnt: true } });
    expect(dnt.json().privacy).toEqual({ consentMode: 'none', respectDnt: true, retentionMonths: 25 });
    const bad = await call(alice, 'PATCH', `/api/websites/${site.id}`, { privacy: { consentMode: 'later' } });
    expect(bad.statusCode).toBe(400);
    const theirs = await call(bob, 'PATCH', `/api/websites/${site.id}`, {
      privacy: { consentMode: 'require' },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await call(alice, 'GET', `/api/websites/${site.id}`)).json().privacy).toEqual({
      consentMode: 'none',
      respectDnt: true,
      retentionMonths: 25,
    });
    for (const retentionMonths of [0, 121, 2.5]) {
      const refused = await call(alice, 'PATCH', `/api/websites/${site.id}`, {
        privacy: { retentionMonths },
      });
      expect(refused.statusCode).toBe(400);
    }
    const kept = await call(alice, 'PATCH', `/api/websites/${site.id}`, {
      privacy: { retentionMonths: 120 },
    });
    expect(kept.json().privacy.retentionMonths).toBe(120);
  });

  it('lets a website be created from a name alone, with the snippet waiting for a domain', async () => {
    const site = await create(alice, { name: 'Draft' });
    expect(site.rootDomain).toBe('');
    expect(site.scriptConfig.trackingScript).toBe('<!-- Please configure website domain first -->');
  });

  it('lists only the signed-in user’s websites, oldest first', async () => {
    const mine = await create(bob, { name: 'Bob A', rootDomain: 'bob.example.com' });
    const list = (await call(bob, 'GET', '/api/websites')).json();
    expect(list.map((w: { id: string }) => w.id)).toEqual([mine.id]);
    const alices = (await call(alice, 'GET', '/api/websites')).json();
    expect(alices.some((w: { id: string }) => w.id === mine.id)).toBe(false);
  });

  it('saves name, brand, domain, attribution, script options and postback URL, and reads them back', async () => {
    const site = await create(alice);
    const attribution = {
      model: 'w_shaped',
      window: 30,
      settings: {
        firstWeight: 0.3,
        middleWeight: 0.4,
        lastWeight: 0.3,
        decayParameter: 14,
        customWeights: [0.2, 0.2, 0.2, 0.2, 0.2],
      },
    };
    const res = await call(alice, 'PATCH', `/api/websites/${site.id}`, {
      name: 'Renamed',
      brand: 'Acme',
      rootDomain: 'www.acme.com',
      attribution,
      scriptConfig: {
        ipAnonymization: true,
        crossDomainTracking: true,
        crossDomains: ['Acme-Shop.com'],
        firstPartyTracking: true,
      },
      postbackUrl: 'https://ads.example.com/pb?cid={click_id}',
    });
    expect(res.statusCode).toBe(200);
    const read = (await call(alice, 'GET', `/api/websites/${site.id}`)).json();
    expect(read).toMatchObject({
      name: 'Renamed',
      brand: 'Acme',
      rootDomain: 'www.acme.com',
      attribution,
      scriptConfig: {
        ipAnonymization: true,
        crossDomainTracking: true,
        crossDomains: ['acme-shop.com'],
        cookieDomain: '.acme.com',
        trackingScript: expect.stringContaining(
          `<script async src="https://track.acme.com/t.js" data-site="${site.id}"></script>`,
        ),
      },
      postbackUrl: 'https://ads.example.com/pb?cid={click_id}',
    });
    expect(read.scriptConfig.defaultCampaignId).toBe(site.scriptConfig.defaultCampaignId);
  });

  it.each([
    [{ rootDomain: 'not a domain' }, 'Please enter a valid domain', 'rootDomain'],
    [{ rootDomain: '' }, 'Please enter a valid domain', 'rootDomain'],
    [{ name: '   ' }, 'Please enter a website name', 'name'],
    [
      { attribution: { model: 'linear', window: 0, settings: validSettings() } },
      'Attribution window must be between 1 and 365 days',
      'attribution.window',
    ],
    [
      { attribution: { model: 'linear', window: 366, settings: validSettings() } },
      'Attribution window must be between 1 and 365 days',
      'attribution.window',
    ],
    [
      {
        attribution: {
          model: 'time_decay',
          window: 90,
          settings: { ...validSettings(), decayParameter: 31 },
        },
      },
      'Time decay parameter must be between 1 and 30 days',
      'attribution.settings.decayParameter',
    ],
    [
      {
        attribution: {
          model: 'position_based',
          window: 90,
          settings: { ...validSettings(), firstWeight: 1.5 },
        },
      },
      'Weights must be between 0 and 1',
      'attribution.settings.firstWeight',
    ],
    [
      {
        attribution: {
          model: 'position_based',
          window: 90,
          settings: { ...validSettings(), firstWeight: 0.6 },
        },
      },
      'Touch point weights must sum to 1. Current sum: 1.20',
      null,
    ],
    [
      {
        attribution: {
          model: 'custom_weight',
          window: 90,
          settings: { ...validSettings(), customWeights: [0.3, 0.3, 0.3, 0.3, 0.3] },
        },
      },
      'Touch point weights must sum to 1. Current sum: 1.50',
      null,
    ],
    [
      { scriptConfig: { crossDomains: ['ok.com', 'bad'] } },
      'Cross-domain entries must be valid domains',
      'scriptConfig.crossDomains',
    ],
    [
      { postbackUrl: 'javascript:alert(1)' },
      'Please enter a valid postback URL (http or https)',
      'postbackUrl',
    ],
  ])(
    'refuses %j with the spec message (at its field, if one) and saves nothing',
    async (patch, message, field) => {
      const site = await create(alice);
      const res = await call(alice, 'PATCH', `/api/websites/${site.id}`, { name: 'Changed', ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(field ? { error: message, field } : { error: message });
      const read = (await call(alice, 'GET', `/api/websites/${site.id}`)).json();
      expect(read).toEqual(site);
    },
  );

  it('accepts root domains with one-letter labels', async () => {
    for (const rootDomain of ['x.com', 'm.shop.com']) {
      const site = await create(alice, { name: 'Short', rootDomain });
      expect(site.rootDomain).toBe(rootDomain);
      expect(site.scriptConfig.cookieDomain).toBe(`.${rootDomain}`);
    }
  });

  it('refuses a website without a name or with a malformed domain at creation', async () => {
    const before = (await call(alice, 'GET', '/api/websites')).json().length;
    expect((await call(alice, 'POST', '/api/websites', { rootDomain: 'x.com' })).json()).toEqual({
      error: 'Please enter a website name',
      field: 'name',
    });
    expect(
      (await call(alice, 'POST', '/api/websites', { name: 'X', rootDomain: 'bad domain' })).json(),
    ).toEqual({ error: 'Please enter a valid domain', field: 'rootDomain' });
    expect((await call(alice, 'GET', '/api/websites')).json().length).toBe(before);
  });

  it('deletes a website with its goals', async () => {
    const site = await create(alice);
    await call(alice, 'POST', `/api/websites/${site.id}/goals`, {
      name: 'Buy',
      type: 'event',
      conditions: { event: 'purchase' },
    });
    expect((await call(alice, 'DELETE', `/api/websites/${site.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/websites/${site.id}`)).statusCode).toBe(404);
  });

  describe('access', () => {
    const endpoints = (id: string) =>
      [
        ['GET', '/api/websites'],
        ['POST', '/api/websites', { name: 'X' }],
        ['GET', `/api/websites/${id}`],
        ['PATCH', `/api/websites/${id}`, { name: 'Stolen' }],
        ['DELETE', `/api/websites/${id}`],
      ] as const;

    it('answers 401 without a session on every endpoint', async () => {
      const site = await create(alice);
      for (const [method, url, payload] of endpoints(site.id)) {
        const res = await call(null, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it("answers 404 for another user's website and leaves it untouched", async () => {
      const site = await create(alice);
      for (const [method, url, payload] of endpoints(site.id).filter(([, url]) => url.includes(site.id))) {
        const res = await call(bob, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ error: 'Website not found' });
      }
      expect((await call(alice, 'GET', `/api/websites/${site.id}`)).json()).toEqual(site);
    });
  });
});

function validSettings() {
  return {
    firstWeight: 0.4,
    middleWeight: 0.2,
    lastWeight: 0.4,
    decayParameter: 7,
    customWeights: [0.2, 0.2, 0.2, 0.2, 0.2],
  };
}
