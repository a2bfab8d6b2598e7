import type { Dashboard } from '@ocx/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/schema';
import { as, createTestApp, stores, type TestApp } from '../test/test-app';
import { collectEvents, type TrackedSite, trackedSite, trackerId } from '../test/tracked-site.fixture';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Every rollup row of a website, without its id; hash visitor ids (per website) read as 'h.'. */
async function rollups(db: Kysely<DB>, websiteId: string) {
  const of = <
    T extends
      | 'dash_day'
      | 'dash_page_day'
      | 'dash_source_day'
      | 'dash_visitor_day'
      | 'dash_page'
      | 'dash_value_day'
      | 'dash_session_hour',
  >(
    table: T,
  ) =>
    db
      .selectFrom(table as 'dash_day')
      .selectAll()
      .where('website_id', '=', websiteId)
      .execute()
      .then((rows) =>
        rows
          .map(({ website_id: _, ...row }) => {
            const r = row as Record<string, unknown>;
            const plain = Object.fromEntries(
              Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]),
            );
            if (typeof plain.visitor_id === 'string' && plain.visitor_id.startsWith('h.'))
              plain.visitor_id = 'h.';
            // Each website has its own campaign: its id is the campaign session value.
            if (plain.dimension === 'campaign') plain.value = 'campaign';
            return JSON.stringify(plain);
          })
          .sort(),
      );
  // Who is in dash_visitor, not when: its last_seen may trail by less than VISITOR_SEEN_STEP_MS.
  const visitors = await db
    .selectFrom('dash_visitor')
    .select('visitor_id')
    .where('website_id', '=', websiteId)
    .execute();
  return {
    day: await of('dash_day'),
    pageDay: await of('dash_page_day'),
    sourceDay: await of('dash_source_day'),
    visitorDay: await of('dash_visitor_day'),
    page: await of('dash_page'),
    visitor: visitors.map((v) => (v.visitor_id.startsWith('h.') ? 'h.' : v.visitor_id)).sort(),
    // The breakdown rollups (issue 27): pageviews per value and day, and who has each value.
    valueDay: await of('dash_value_day'),
    // The session rollups (migration 0033): pageviews per session value and start hour.
    sessionHour: await of('dash_session_hour'),
    valueVisitor: (
      await db
        .selectFrom('dash_value_visitor')
        .select(['dimension', 'value', 'visitor_id'])
        .where('website_id', '=', websiteId)
        .execute()
    )
      .map(
        (v) =>
          `${v.dimension}:${v.dimension === 'campaign' ? 'campaign' : v.value}:${v.visitor_id.startsWith('h.') ? 'h.' : v.visitor_id}`,
      )
      .sort(),
  };
}

/** The dashboard's figures that do not name the website: equal on two websites with the same traffic. */
function figures(d: Dashboard) {
  return {
    totalClicks: d.totalClicks,
    uniqueVisitors: d.uniqueVisitors,
    pagesVisited: d.pagesVisited,
    conversions: d.conversions,
    topPages: d.topPages,
    topReferrers: d.topReferrers,
    trafficSources: d.trafficSources,
    consent: d.consent,
    series: d.series.filter((p) => p.clicks > 0 || p.visitors > 0),
  };
}

describe.each(stores)('privacy and the dashboard rollups on %s', (dialect) => {
  let t: TestApp;
  let db: Kysely<DB>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { trustProxy: 1 });
    db = (t.app.services.events as unknown as { db: Kysely<DB> }).db;
  });
  afterAll(() => t.close());

  const get = async (site: TrackedSite, url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: as(site.owner) })).json();
  const dashboard = (site: TrackedSite, range = '30d', query = ''): Promise<Dashboard> =>
    get(site, `/api/analytics/dashboard?websiteId=${site.siteId}&range=${range}${query}`);
  const breakdown = (site: TrackedSite, range: string, dimension: string) =>
    get(site, `/api/analytics/breakdown?websiteId=${site.siteId}&range=${range}&dimension=${dimension}`);
  const metrics = async (site: TrackedSite) =>
    (await get(site, `/api/websites/${site.siteId}/campaigns/${site.campaign.id}`)).metrics;
  const send = (site: TrackedSite, events: object[], address = '198.51.100.7') =>
    collectEvents(t.app, site.siteId, events, { 'x-forwarded-for': address });
  const event = (visitorId: string, sessionId: string, ts: number, extra: Record<string, unknown>) => ({
    type: 'pageview',
    visitorId,
    sessionId,
    ts,
    eventId: trackerId('e'),
    ...extra,
  });

  describe.each(['UTC', 'Asia/Kathmandu'])('erasing a visitor of a website in %s', (timezone) => {
    let site: TrackedSite;
    let control: TrackedSite;
    const A = trackerId('erased');
    const B = trackerId('stays');
    const B2 = trackerId('phone');

    /** The same traffic on both websites, and visitor A's (a campaign click, a conversion) on `site` only. */
    beforeAll(async () => {
      site = await trackedSite(t.app);
      control = await trackedSite(t.app);
      const now = Date.now();
      for (const s of [site, control]) {
        const cross = await t.app.inject({
          method: 'PATCH',
          url: `/api/websites/${s.siteId}`,
          headers: as(s.owner),
          payload: { scriptConfig: { crossDeviceTracking: true }, timezone },
        });
        expect(cross.statusCode).toBe(200);
        // A new zone re-keys the (still empty) rollups first.
        await t.app.services.background.settle();
        const landing = `https://shop.test/spring?ocxid=${s.campaign.ocxid}`;
        if (s === site) {
          await send(s, [
            event(A, 'session-sa1', now - 3 * DAY, { url: landing }),
            event(A, 'session-sa1', now - 3 * DAY + 60_000, { url: 'https://shop.test/pricing' }),
            event(A, 'session-sa2', now - DAY, { url: 'https://shop.test/pricing?plan=pro' }),
            event(A, 'session-sa2', now - DAY + 60_000, { url: 'https://shop.test/about' }),
            event(A, 'session-sa2', now - DAY + 90_000, {
              type: 'identify',
              userId: 'user-1',
              url: 'https://shop.test/about',
            }),
            event(A, 'session-sa2', now - DAY + 120_000, {
              type: 'custom',
              name: 'purchase',
              value: 40,
              currency: 'USD',
              props: { plan: 'pro', seats: 3 },
              url: 'https://shop.test/pay',
            }),
          ]);
        }
        await send(s, [
          event(B, 'session-sb1', now - 3 * DAY + 5 * 60_000, { url: landing }),
          event(B, 'session-sb1', now - 3 * DAY + 6 * 60_000, { url: 'https://shop.test/pricing' }),
          event(B, 'session-sb2', now - HOUR, {
            url: 'https://shop.test/',
            referrer: 'https://www.google.com/',
          }),
          event(B2, 'session-sp1', now - 30 * 60_000, { url: 'https://shop.test/' }),
          event(B2, 'session-sp1', now - 29 * 60_000, {
            type: 'identify',
            userId: 'user-1',
            url: 'https://shop.test/',
          }),
          event(B2, 'session-sp1', now - 28 * 60_000, {
            type: 'custom',
            name: 'purchase',
            value: 25,
            currency: 'USD',
            props: { plan: 'team' },
            url: 'https://shop.test/pay',
          }),
        ]);
        // A visit without consent: no visitor id, so a daily-hash visitor.
        await send(
          s,
          [
            {
              type: 'pageview',
              url: 'https://shop.test/faq',
              ts: now - 10 * 60_000,
              eventId: trackerId('h'),
            },
          ],
          '203.0.113.9',
        );
      }
      await t.app.services.background.settle();
    });

    it("counts the erased visitor's traffic before: the figures one would work out by hand", async () => {
      // The rollups are keyed by the website's local days (no rebuild pending): the erasure corrects them.
      for (const s of [site, control])
        expect(await get(s, `/api/websites/${s.siteId}/rollups`)).toMatchObject({
          timezone,
          rebuilding: false,
        });
      const midnight = timezone === 'UTC' ? 0 : (18 * 60 + 15) * 60_000;
      const days = await db
        .selectFrom('dash_day')
        .select('day')
        .where('website_id', '=', site.siteId)
        .execute();
      expect(days.every((d) => Number(d.day) % DAY === midnight)).toBe(true);
      const before = await dashboard(site);
      // A: 4 pageviews; B: 3; B2: 1; the hash visitor: 1.
      expect(before.totalClicks).toBe(9);
      expect(before.uniqueVisitors).toBe(4);
      // /spring, /pricing, /about, /, /faq.
      expect(before.pagesVisited).toBe(5);
      expect(before.conversions).toBe(2);
      // Entrances: A twice (the campaign, then direct), B twice, B2 once, the hash visitor once.
      expect(before.consent).toEqual({ visits: 6, withoutConsent: 1, percent: 16.7 });
      expect(before.trafficSources).toMatchObject({ paid: 2, direct: 3, organic: 1 });
      // B2's order counts A's campaign click through the user id they share.
      expect(await metrics(site)).toMatchObject({ clicks: 2, conversions: 2 });
    });

    it('after the erasure, every rollup and figure equals a website where the visitor never was', async () => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/websites/${site.siteId}/visitors/${A}`,
        headers: { ...as(site.owner), origin: 'http://localhost:3000' },
      });
      expect(res.statusCode).toBe(200);
      await t.app.services.background.settle();

      expect(await rollups(db, site.siteId)).toEqual(await rollups(db, control.siteId));
      for (const range of ['1d', '7d', '30d', 'all'] as const) {
        expect(figures(await dashboard(site, range)), range).toEqual(
          figures(await dashboard(control, range)),
        );
        // Goals and properties read indexes and dash_visitor, session values the session rollups
        // (issue 27): as the control website's, and as the raw events give them.
        for (const dimension of [
          'goal',
          'prop:plan',
          'prop_key',
          'entry_page',
          'referrer',
          'channel',
        ] as const) {
          const read = await breakdown(site, range, dimension);
          expect(read, `${range} ${dimension}`).toEqual(await breakdown(control, range, dimension));
          expect(read, `${range} ${dimension}`).toEqual(
            await t.app.services.breakdowns.forWebsite(
              { id: site.siteId, timezone, rollup_rebuilt_until: 0 },
              { range, dimension, filters: {}, limit: 100, offset: 0 },
            ),
          );
        }
      }
      expect((await breakdown(site, 'all', 'prop:plan')).rows.map((r: { value: string }) => r.value)).toEqual(
        ['team'],
      );
      const after = await dashboard(site);
      expect(after.totalClicks).toBe(5);
      expect(after.uniqueVisitors).toBe(3);
      // /about was A's only: Pages Visited loses it.
      expect(after.pagesVisited).toBe(4);
      expect(after.conversions).toBe(1);
      expect(after.consent).toEqual({ visits: 4, withoutConsent: 1, percent: 25 });
      expect(after.topPages.find((p) => p.url === 'https://shop.test/pricing')?.clicks).toBe(1);
      // B2's order is credited again without A's clicks: the campaign keeps B's click only.
      const now = await metrics(site);
      expect(now).toMatchObject({ clicks: 1, conversions: 0 });
      expect(now).toEqual(await metrics(control));
    });
  });

  describe('a hash visitor who consents', () => {
    let site: TrackedSite;
    let control: TrackedSite;
    const V = trackerId('consented');
    const at = Date.now();

    /**
     * On `site` the person lands without consent (a hash visitor), then consents; on `control` the
     * same person had their id from the start. Same sessions, same pages.
     */
    beforeAll(async () => {
      site = await trackedSite(t.app);
      control = await trackedSite(t.app);
      const address = '198.51.100.60';
      const landing = (s: TrackedSite) => `https://shop.test/spring?ocxid=${s.campaign.ocxid}`;
      const hashed = (url: string, ts: number) => [{ type: 'pageview', url, ts, eventId: trackerId('h') }];
      await send(site, hashed(landing(site), at), address);
      await send(site, hashed('https://shop.test/pricing', at + 1000), address);
      // A purchase without consent yet: the goal and property breakdowns follow it to the new id.
      const purchase = {
        type: 'custom',
        name: 'purchase',
        value: 5,
        currency: 'USD',
        props: { plan: 'pro' },
      };
      await send(
        site,
        [{ ...purchase, url: 'https://shop.test/pay', ts: at + 1500, eventId: trackerId('h') }],
        address,
      );
      await send(control, [event(V, 'session-first', at, { url: landing(control) })], address);
      await send(
        control,
        [event(V, 'session-first', at + 1000, { url: 'https://shop.test/pricing' })],
        address,
      );
      await send(
        control,
        [event(V, 'session-first', at + 1500, { ...purchase, url: 'https://shop.test/pay' })],
        address,
      );
    });

    it('counts them once on that day, and their visit no longer as one without consent', async () => {
      const before = await dashboard(site);
      expect(before.uniqueVisitors).toBe(1);
      expect(before.consent).toEqual({ visits: 1, withoutConsent: 1, percent: 100 });

      for (const s of [site, control]) {
        const consent = await send(
          s,
          [
            {
              type: 'consent',
              granted: true,
              url: 'https://shop.test/pricing',
              visitorId: V,
              sessionId: 'session-second',
              ts: at + 2000,
              eventId: trackerId('c'),
            },
            event(V, 'session-second', at + 3000, { url: 'https://shop.test/checkout' }),
          ],
          '198.51.100.60',
        );
        expect(consent.json()).toEqual({ accepted: 2, dropped: [] });
      }
      await t.app.services.background.settle();

      const after = await dashboard(site);
      expect(after.uniqueVisitors).toBe(1);
      expect(after.consent.withoutConsent).toBe(0);
      expect(after.totalClicks).toBe(3);
      expect(figures(after)).toEqual(figures(await dashboard(control)));
      // Each local day the person was seen on holds them once, as on the control website.
      expect(await rollups(db, site.siteId)).toEqual(await rollups(db, control.siteId));
      for (const range of ['1d', 'all'] as const)
        for (const dimension of ['goal', 'prop:plan', 'entry_page', 'channel'] as const) {
          const read = await breakdown(site, range, dimension);
          // One goal and one plan (entry pages and channels: of the two visits).
          if (dimension === 'goal' || dimension === 'prop:plan')
            expect(read.rows, `${range} ${dimension}`).toHaveLength(1);
          expect(read, `${range} ${dimension}`).toEqual(await breakdown(control, range, dimension));
          expect(read, `${range} ${dimension}`).toEqual(
            await t.app.services.breakdowns.forWebsite(
              { id: site.siteId, timezone: 'UTC', rollup_rebuilt_until: 0 },
              { range, dimension, filters: {}, limit: 100, offset: 0 },
            ),
          );
        }
    });
  });

  describe('the share of visits without consent', () => {
    let site: TrackedSite;
    beforeAll(async () => {
      site = await trackedSite(t.app);
      const now = Date.now();
      // Three visits with ids (two days ago, yesterday, an hour ago), one without (a hash visitor).
      await send(site, [
        event('visitor0001', 'session-s1', now - 2 * DAY, { url: 'https://shop.test/' }),
        event('visitor0001', 'session-s2', now - DAY, { url: 'https://shop.test/pricing' }),
        event('visitor0002', 'session-s3', now - HOUR, {
          url: 'https://shop.test/',
          referrer: 'https://www.google.com/',
        }),
      ]);
      await send(
        site,
        [{ type: 'pageview', url: 'https://shop.test/', eventId: trackerId('h') }],
        '203.0.113.50',
      );
      await send(
        site,
        [{ type: 'pageview', url: 'https://shop.test/faq', eventId: trackerId('h') }],
        '203.0.113.50',
      );
    });

    it('is 1 of 4 visits on the dashboard, under a filter, on a shared link and in the attribution report', async () => {
      for (const range of ['7d', '30d', 'all'])
        expect((await dashboard(site, range)).consent, range).toEqual({
          visits: 4,
          withoutConsent: 1,
          percent: 25,
        });
      // Filtered (raw events): the sessions that entered without a referrer.
      expect((await dashboard(site, '30d', '&channel=direct')).consent).toEqual({
        visits: 3,
        withoutConsent: 1,
        percent: 33.3,
      });
      const share = await t.app.inject({
        method: 'POST',
        url: `/api/websites/${site.siteId}/shares`,
        headers: { ...as(site.owner), origin: 'http://localhost:3000' },
        payload: {},
      });
      const token = (share.json() as { url: string }).url.split('/share/')[1] ?? '';
      const shared = await t.app.inject({ method: 'GET', url: `/api/share/${token}/dashboard?range=30d` });
      expect(shared.json().consent).toEqual({ visits: 4, withoutConsent: 1, percent: 25 });
      const start = new Date(Date.now() - 10 * DAY).toISOString();
      const end = new Date(Date.now() + HOUR).toISOString();
      const report = await get(
        site,
        `/api/reports/attribution?websiteId=${site.siteId}&startDate=${start}&endDate=${end}`,
      );
      expect(report.consent).toEqual({ visits: 4, withoutConsent: 1, percent: 25 });
    });
  });
});
