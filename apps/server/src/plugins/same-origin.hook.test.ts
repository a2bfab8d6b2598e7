import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dialects, type InjectMethod, PUBLIC_URL, type TestApp } from '../test/test-app';
import { type TrackedSite, trackedSite } from '../test/tracked-site.fixture';

// Cookie-authenticated app routes refuse state-changing requests that another site's page sends.
describe.each(dialects)('Origin check on the app routes on %s', (dialect) => {
  let t: TestApp;
  let site: TrackedSite;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    site = await trackedSite(t.app);
  });
  afterAll(() => t.close());

  const send = (method: InjectMethod, url: string, origin: string | null, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: site.owner.cookie, ...(origin === null ? {} : { origin }) },
      ...(payload ? { payload } : {}),
    });

  const stateChanging = (): [InjectMethod, string, object?][] => [
    ['POST', `/api/websites/${site.siteId}/test-event`],
    ['PATCH', `/api/websites/${site.siteId}`, { name: 'Hijacked' }],
    ['POST', '/api/websites', { name: 'Planted', rootDomain: 'planted.test' }],
    ['POST', `/api/websites/${site.siteId}/api-keys`, { name: 'Stolen' }],
    ['POST', `/api/websites/${site.siteId}/goals`, { name: 'X', type: 'event', conditions: { event: 'x' } }],
    ['DELETE', `/api/websites/${site.siteId}/campaigns/${site.campaign.id}`],
    ['DELETE', `/api/websites/${site.siteId}`],
  ];

  it.each([
    ['another site', 'http://evil.test'],
    ['a look-alike of the app', `${PUBLIC_URL}.evil.test`],
    ['an opaque origin', 'null'],
    ['no Origin header', null],
  ])('refuses state-changing requests from %s with 403 and changes nothing', async (_what, origin) => {
    for (const [method, url, payload] of stateChanging()) {
      const res = await send(method, url, origin, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ error: 'Cross-site request refused: send it from the OCX app itself' });
    }
    const websites = (
      await t.app.inject({ method: 'GET', url: '/api/websites', headers: as(site.owner) })
    ).json();
    expect(websites.map((w: { name: string }) => w.name)).toEqual(['Shop']);
    const keys = (
      await t.app.inject({
        method: 'GET',
        url: `/api/websites/${site.siteId}/api-keys`,
        headers: as(site.owner),
      })
    ).json();
    expect(keys).toEqual([]);
  });

  it('lets reads through from anywhere (the browser keeps their answers from other sites)', async () => {
    expect((await send('GET', `/api/websites/${site.siteId}`, 'http://evil.test')).statusCode).toBe(200);
  });

  it('accepts the same requests from the app itself', async () => {
    expect((await send('POST', `/api/websites/${site.siteId}/test-event`, PUBLIC_URL)).statusCode).toBe(200);
    expect(
      (await send('PATCH', `/api/websites/${site.siteId}`, PUBLIC_URL, { name: 'Shop 2' })).statusCode,
    ).toBe(200);
  });

  it('leaves the collect and server-to-server endpoints open to every origin', async () => {
    const collect = await t.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { origin: 'https://shop.test', 'content-type': 'text/plain' },
      payload: JSON.stringify({
        site: site.siteId,
        events: [{ type: 'pageview', url: 'https://shop.test/' }],
      }),
    });
    expect(collect.statusCode).toBe(202);
  });
});
