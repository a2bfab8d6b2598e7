import { beforeAll, describe, expect, it } from 'vitest';
import { DAY, figures, HOUR, privacyRollupsApp, rollups } from '../../test/privacy-rollups.fixture';
import { as, stores } from '../../test/test-app';
import { type TrackedSite, trackedSite, trackerId } from '../../test/tracked-site.fixture';

describe.each(stores)('erasure and the dashboard rollups on %s', (dialect) => {
  const { h, get, dashboard, breakdown, metrics, send, event } = privacyRollupsApp(dialect);

  describe.each(['UTC', 'Asia/Kathmandu'])('erasing a visitor of a website in %s', (timezone) => {
    let site: TrackedSite;
    let control: TrackedSite;
    const A = trackerId('erased');
    const B = trackerId('stays');
    const B2 = trackerId('phone');

    /** The same traffic on both websites, and visitor A's (a campaign click, a conversion) on `site` only. */
    beforeAll(async () => {
      site = await trackedSite(h.t.app);
      control = await trackedSite(h.t.app);
      const now = Date.now();
      for (const s of [site, control]) {
        const cross = await h.t.app.inject({
          method: 'PATCH',
          url: `/api/websites/${s.siteId}`,
          headers: as(s.owner),
          payload: { scriptConfig: { crossDeviceTracking: true }, timezone },
        });
        expect(cross.statusCode).toBe(200);
        // A new zone re-keys the (still empty) rollups first.
        await h.t.app.services.background.settle();
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
      await h.t.app.services.background.settle();
    });

    it("counts the erased visitor's traffic before: the figures one would work out by hand", async () => {
      // The rollups are keyed by the website's local days (no rebuild pending): the erasure corrects them.
      for (const s of [site, control])
        expect(await get(s, `/api/websites/${s.siteId}/rollups`)).toMatchObject({
          timezone,
          rebuilding: false,
        });
      const midnight = timezone === 'UTC' ? 0 : (18 * 60 + 15) * 60_000;
      const days = await h.db
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
      const res = await h.t.app.inject({
        method: 'DELETE',
        url: `/api/websites/${site.siteId}/visitors/${A}`,
        headers: { ...as(site.owner), origin: 'http://localhost:3000' },
      });
      expect(res.statusCode).toBe(200);
      await h.t.app.services.background.settle();

      expect(await rollups(h.db, site.siteId)).toEqual(await rollups(h.db, control.siteId));
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
            await h.t.app.services.breakdowns.forWebsite(
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
      expect(after.topPages.find((p) => p.url === 'https://shop.test/pricing')?.pageviews).toBe(1);
      // B2's order is credited again without A's clicks: the campaign keeps B's click only.
      const now = await metrics(site);
      expect(now).toMatchObject({ clicks: 1, conversions: 0 });
      expect(now).toEqual(await metrics(control));
    });
  });
});
