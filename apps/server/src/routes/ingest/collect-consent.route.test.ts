import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, stores, type TestApp } from '../../test/test-app';
import { collectEvents, type TrackedSite, trackedSite, trackerId } from '../../test/tracked-site.fixture';

describe.each(stores)('consent: a hash visitor joins the id it consented with, on %s', (dialect) => {
  let t: TestApp;
  let site: TrackedSite;
  beforeAll(async () => {
    t = await createTestApp(dialect, { trustProxy: 1 });
    site = await trackedSite(t.app);
  });
  afterAll(() => t.close());

  const send = (events: object[], address: string) =>
    collectEvents(t.app, site.siteId, events, { 'x-forwarded-for': address });
  const get = async (url: string) => {
    // With ClickHouse the logs read its copies: the background pass brings them up to date.
    await t.app.services.background.settle();
    return (await t.app.inject({ method: 'GET', url, headers: as(site.owner) })).json();
  };

  it("moves today's campaign click to the new visitor id, so a later order credits the campaign", async () => {
    const address = '198.51.100.40';
    // Before consent: the campaign landing and a second page, without ids.
    await send(
      [
        {
          type: 'pageview',
          url: `https://shop.test/spring?ocxid=${site.campaign.ocxid}`,
          eventId: trackerId('landing'),
        },
      ],
      address,
    );
    await send([{ type: 'pageview', url: 'https://shop.test/about', eventId: trackerId('about') }], address);
    const before: { visitor_id: string; campaign_id: string | null }[] = await get(
      `/api/clicks?websiteId=${site.siteId}&limit=1000`,
    );
    const hashVisitor = before.find((c) => c.campaign_id === site.campaign.id)?.visitor_id;
    expect(hashVisitor).toMatch(/^h\./);

    // Consent on the second page (its URL has no campaign), then an order for the new id.
    const visitorId = trackerId('consented');
    const sessionId = trackerId('session');
    const consent = await send(
      [
        {
          type: 'consent',
          granted: true,
          url: 'https://shop.test/about',
          visitorId,
          sessionId,
          eventId: trackerId('consent'),
        },
      ],
      address,
    );
    expect(consent.json()).toEqual({ accepted: 1, dropped: [] });
    await send(
      [
        {
          type: 'custom',
          name: 'purchase',
          value: 30,
          currency: 'USD',
          url: 'https://shop.test/checkout',
          visitorId,
          sessionId,
          eventId: trackerId('order'),
        },
      ],
      address,
    );
    await t.app.services.background.settle();

    const clicks: { visitor_id: string; campaign_id: string | null }[] = await get(
      `/api/clicks?websiteId=${site.siteId}&limit=1000`,
    );
    expect(clicks.filter((c) => c.visitor_id === hashVisitor)).toEqual([]);
    expect(clicks.find((c) => c.campaign_id === site.campaign.id)?.visitor_id).toBe(visitorId);
    const campaign = await get(`/api/websites/${site.siteId}/campaigns/${site.campaign.id}`);
    expect(campaign.metrics).toMatchObject({ conversions: 1 });
    expect(campaign.metrics.revenue).toBeCloseTo(30);
  });

  it('leaves another browser’s hash visitor alone and refuses a consent event without an answer', async () => {
    await send(
      [{ type: 'pageview', url: 'https://shop.test/other', eventId: trackerId('other') }],
      '198.51.100.41',
    );
    await send(
      [
        {
          type: 'consent',
          granted: true,
          url: 'https://shop.test/other',
          visitorId: trackerId('elsewhere'),
          sessionId: trackerId('s'),
          eventId: trackerId('c'),
        },
      ],
      '198.51.100.42',
    );
    const clicks: { visitor_id: string; landing_page: string }[] = await get(
      `/api/clicks?websiteId=${site.siteId}&limit=1000`,
    );
    const other = clicks.filter((c) => c.landing_page === 'https://shop.test/other').map((c) => c.visitor_id);
    expect(other).toHaveLength(2);
    expect(other.filter((v) => v.startsWith('h.'))).toHaveLength(1);
    const bad = await send(
      [
        {
          type: 'consent',
          url: 'https://shop.test/',
          visitorId: trackerId('v'),
          sessionId: trackerId('s'),
          eventId: trackerId('e'),
        },
      ],
      '198.51.100.42',
    );
    expect(bad.json().dropped[0].reason).toBe('invalid: granted: a consent event needs granted');
  });
});
