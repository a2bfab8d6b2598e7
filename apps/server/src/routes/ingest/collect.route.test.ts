import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dialects, healthDetails, type TestApp } from '../../test/test-app';
import {
  CHROME_UA,
  IPHONE_UA,
  pageview,
  type TrackedSite,
  trackedSite,
  trackerId,
} from '../../test/tracked-site.fixture';

describe.each(dialects)('POST /api/collect on %s', (dialect) => {
  let t: TestApp;
  let site: TrackedSite;
  beforeAll(async () => {
    t = await createTestApp(dialect, { trustProxy: 1 });
    site = await trackedSite(t.app);
  });
  afterAll(() => t.close());

  const collect = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: {
        'content-type': 'text/plain',
        'user-agent': CHROME_UA,
        'x-forwarded-for': '81.2.69.142',
        ...headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const recent = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/websites/${site.siteId}/events?limit=200`,
        headers: as(site.owner),
      })
    ).json();
  const campaign = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/websites/${site.siteId}/campaigns/${site.campaign.id}`,
        headers: as(site.owner),
      })
    ).json();

  it('stores a campaign landing with its campaign, channel, device, browser and country, then answers 202', async () => {
    const visitorId = trackerId('landing');
    const res = await collect(
      {
        site: site.siteId,
        events: [
          pageview({
            visitorId,
            sessionId: visitorId,
            url: `https://shop.test/spring?ocxid=${site.campaign.ocxid}&utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=EAIaIQobChMI_1-a`,
            referrer: 'https://www.google.com/',
            title: 'Spring sale',
          }),
        ],
      },
      { 'user-agent': IPHONE_UA },
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 1, dropped: [] });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const [event] = (await recent()).filter((e: { visitorId: string }) => e.visitorId === visitorId);
    expect(event).toMatchObject({
      type: 'pageview',
      path: '/spring',
      title: 'Spring sale',
      campaignId: site.campaign.id,
      channel: 'paid',
      clickIdType: 'gclid',
      deviceType: 'mobile',
      browser: 'Mobile Safari',
      os: 'iOS',
      country: 'GB',
    });
    expect((await campaign()).metrics.clicks).toBe(1);
  });

  it('matches click and event goals into conversions of the campaign the session came from', async () => {
    const visitorId = trackerId('converter');
    const ids = { visitorId, sessionId: visitorId };
    await collect({
      site: site.siteId,
      events: [pageview({ ...ids, url: `https://shop.test/spring?ocxid=${site.campaign.ocxid}` })],
    });
    await t.app.services.background.settle();
    const before = (await campaign()).metrics;
    const res = await collect({
      site: site.siteId,
      events: [
        { ...pageview(ids), type: 'click', selector: '#buy' },
        { ...pageview(ids), type: 'custom', name: 'purchase', value: 49.9, currency: 'EUR' },
      ],
    });
    expect(res.json()).toEqual({ accepted: 2, dropped: [] });
    await t.app.services.background.settle();
    const after = (await campaign()).metrics;
    expect(after.conversions - before.conversions).toBe(2);
    expect(after.revenue - before.revenue).toBeCloseTo(49.9);
  });

  it('stores a retried event once', async () => {
    const event = pageview({ eventId: trackerId('retry'), url: 'https://shop.test/retry-page' });
    expect((await collect({ site: site.siteId, events: [event] })).statusCode).toBe(202);
    expect((await collect({ site: site.siteId, events: [event] })).json()).toEqual({
      accepted: 1,
      dropped: [],
    });
    expect((await recent()).filter((e: { path: string }) => e.path === '/retry-page')).toHaveLength(1);
  });

  it('counts every stored event once in /api/health, also when requests share a commit', async () => {
    const health = async () => (await healthDetails(t.app)).ingest;
    const before = await health();
    const events = Array.from({ length: 20 }, () => pageview());
    await Promise.all(events.map((e) => collect({ site: site.siteId, events: [e] })));
    await collect({ site: site.siteId, events: [events[0]] });
    const after = await health();
    expect(after.stored - before.stored).toBe(20);
    expect(after.duplicates - before.duplicates).toBe(1);
    expect(after.accepted - before.accepted).toBe(21);
  });

  it('accepts application/json bodies as well', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'user-agent': CHROME_UA },
      payload: { site: site.siteId, events: [pageview()] },
    });
    expect(res.statusCode).toBe(202);
  });

  it('drops what it must, per event, with the reason, and counts the drops', async () => {
    const before = (await healthDetails(t.app)).ingest;
    const res = await collect({
      site: site.siteId,
      events: [
        pageview(),
        pageview({ url: 'https://evil.test/' }),
        pageview({ visitorId: 'x' }),
        pageview({ url: 'https://shop-pay.test/checkout' }),
        pageview({ url: 'https://shop.test/?gclid=bad%20id' }),
      ],
    });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body.accepted).toBe(3);
    expect(body.dropped).toEqual([
      { index: 1, reason: 'foreign_origin: evil.test' },
      { index: 2, reason: expect.stringMatching(/^invalid: visitorId: /) },
    ]);
    const bot = await collect(
      { site: site.siteId, events: [pageview()] },
      { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    );
    expect(bot.json()).toEqual({ accepted: 0, dropped: [{ index: 0, reason: 'bot' }] });
    const unknown = await collect({ site: 'no-such-site', events: [pageview()] });
    expect(unknown.json()).toEqual({ accepted: 0, dropped: [{ index: 0, reason: 'unknown_website' }] });
    const after = (await healthDetails(t.app)).ingest;
    expect(after.dropped.foreign_origin - before.dropped.foreign_origin).toBe(1);
    expect(after.dropped.invalid - before.dropped.invalid).toBe(1);
    expect(after.dropped.bot - before.dropped.bot).toBe(1);
    expect(after.dropped.unknown_website - before.dropped.unknown_website).toBe(1);
    expect(after.notices.invalid_click_id - before.notices.invalid_click_id).toBe(1);
  });

  it.each([
    ['{not json', 'Body is not valid JSON'],
    [JSON.stringify({ events: [] }), 'site: '],
    [JSON.stringify({ site: 'x', events: 'no' }), 'events: '],
    [JSON.stringify({ site: 'x', events: [] }), 'events: events must not be empty'],
    [JSON.stringify({ site: 'x', events: Array(101).fill({}) }), 'events: '],
    ['[]', 'body: '],
    ['', 'Body is not valid JSON'],
  ])('answers 400 with a clear error for %s', async (payload, message) => {
    const res = await collect(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it('answers 413 beyond 64 KB', async () => {
    const big = { site: site.siteId, events: [pageview({ title: 'x'.repeat(70_000) })] };
    const res = await collect(big);
    expect(res.statusCode).toBe(413);
  });

  it('answers the CORS preflight for any origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/collect',
      headers: { origin: 'https://shop.test' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
  });

  it('gives events without a visitor id (no consent yet) a daily-hash visitor and session', async () => {
    const bare = (path: string) => ({
      type: 'pageview',
      url: `https://shop.test${path}`,
      eventId: trackerId(path.slice(1)),
    });
    await collect(
      { site: site.siteId, events: [bare('/cookieless-a')] },
      { 'x-forwarded-for': '198.51.100.23' },
    );
    await collect(
      { site: site.siteId, events: [bare('/cookieless-c')] },
      { 'x-forwarded-for': '198.51.100.23', 'user-agent': IPHONE_UA },
    );
    // One entrance (click) per session; c comes from another browser at the same address.
    const clicks: { landing_page: string; visitor_id: string }[] = (
      await t.app.inject({
        method: 'GET',
        url: `/api/clicks?websiteId=${site.siteId}&limit=1000`,
        headers: as(site.owner),
      })
    ).json();
    const entrance = (path: string) => clicks.filter((c) => c.landing_page === `https://shop.test${path}`);
    const [a] = entrance('/cookieless-a');
    const [c] = entrance('/cookieless-c');
    expect(a?.visitor_id).toMatch(/^h\.[0-9a-f]{30}$/);
    expect(c?.visitor_id).toMatch(/^h\./);
    expect(c?.visitor_id).not.toBe(a?.visitor_id);
    const again = await collect(
      { site: site.siteId, events: [bare('/cookieless-a')] },
      { 'x-forwarded-for': '198.51.100.23' },
    );
    expect(again.json().accepted).toBe(1);
    const visitors = new Set(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/clicks?websiteId=${site.siteId}&limit=1000`,
          headers: as(site.owner),
        })
      )
        .json()
        .filter((x: { landing_page: string }) => x.landing_page === 'https://shop.test/cookieless-a')
        .map((x: { visitor_id: string }) => x.visitor_id),
    );
    // The same browser again today: the same hash visitor (a new session only past a 30-minute step).
    expect([...visitors]).toEqual([a?.visitor_id]);
  });

  it('records a no-JS pixel hit from the Referer header and always answers with a GIF', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/collect?site=${site.siteId}`,
      headers: { referer: 'https://shop.test/noscript-page', 'user-agent': CHROME_UA },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect((await recent()).some((e: { path: string }) => e.path === '/noscript-page')).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url: '/api/collect' });
    expect(bad.headers['content-type']).toBe('image/gif');
  });
});

describe('collect rate limit', () => {
  it('answers 429 past the per-minute limit of a client address', async () => {
    const t = await createTestApp('sqlite', { collectRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/collect',
          headers: { 'content-type': 'text/plain' },
          payload: '{}',
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 429, 429]);
      expect((await healthDetails(t.app)).ingest.rateLimited).toBe(2);
    } finally {
      await t.close();
    }
  });
});
