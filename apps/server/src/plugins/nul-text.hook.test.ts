import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dialects, type TestApp } from '../test/test-app';
import {
  collectEvents,
  pageview,
  type TrackedSite,
  trackedSite,
  trackerId,
} from '../test/tracked-site.fixture';

// PostgreSQL text cannot hold a NUL character: input carrying one must get a 4xx (or lose the NUL),
// never fail as a 500 in a query — and never fail other requests' events that share its commit.
describe.each(dialects)('NUL characters in input on %s', (dialect) => {
  let t: TestApp;
  let site: TrackedSite;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    site = await trackedSite(t.app);
  });
  afterAll(() => t.close());

  it('collect keeps an event whose title or referrer holds one (without it) and drops one whose url or name does', async () => {
    const kept = trackerId('nul');
    const res = await collectEvents(t.app, site.siteId, [
      pageview({ eventId: kept, title: 'Sale\u0000!', referrer: 'https://news.test/\u0000' }),
      pageview({ url: 'https://shop.test/a\u0000b' }),
      { ...pageview(), type: 'custom', name: 'buy\u0000' },
      { ...pageview(), type: 'custom', name: 'buy', props: { 'k\u0000': 'v' } },
      pageview({ url: 'https://shop.test/?utm_source=a%00b' }),
    ]);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      accepted: 1,
      dropped: [
        { index: 1, reason: 'invalid: url: must not contain NUL characters' },
        { index: 2, reason: 'invalid: name: must not contain NUL characters' },
        { index: 3, reason: expect.stringMatching(/^invalid: props/) },
        { index: 4, reason: 'invalid: url: must not contain NUL characters' },
      ],
    });
    const events = (
      await t.app.inject({
        method: 'GET',
        url: `/api/websites/${site.siteId}/events?limit=20`,
        headers: as(site.owner),
      })
    ).json() as { eventId?: string; title: string | null }[];
    expect(events.some((e) => e.title === 'Sale!')).toBe(true);
  });

  it('refuses one in a collect site id, a server-to-server body, an app body, a query or a path with 400', async () => {
    const key = (
      await t.app.inject({
        method: 'POST',
        url: `/api/websites/${site.siteId}/api-keys`,
        headers: as(site.owner),
        payload: { name: 'k' },
      })
    ).json().key;
    const answers = [
      await collectEvents(t.app, `${site.siteId}\u0000`, [pageview()]),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/conversions',
        headers: { authorization: `Bearer ${key}` },
        payload: { goal: 'Lead\u0000', ocxid: site.campaign.ocxid },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/conversions',
        headers: { authorization: `Bearer ${key}` },
        payload: { goal: 'Lead', visitorId: 'v\u0000' },
      }),
      await t.app.inject({
        method: 'PATCH',
        url: `/api/websites/${site.siteId}`,
        headers: as(site.owner),
        payload: { name: 'Shop\u0000' },
      }),
      await t.app.inject({ method: 'GET', url: '/api/clicks?websiteId=%00', headers: as(site.owner) }),
      await t.app.inject({
        method: 'GET',
        url: `/api/clicks?websiteId=${site.siteId}&source=a%00`,
        headers: as(site.owner),
      }),
      await t.app.inject({ method: 'GET', url: '/api/websites/a%00b', headers: as(site.owner) }),
      await t.app.inject({ method: 'GET', url: '/api/collect/config?site=%00' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 400, 400]);
    const website = (
      await t.app.inject({ method: 'GET', url: `/api/websites/${site.siteId}`, headers: as(site.owner) })
    ).json();
    expect(website.name).toBe('Shop');
  });
});
