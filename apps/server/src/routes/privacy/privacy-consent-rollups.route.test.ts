import { beforeAll, describe, expect, it } from 'vitest';
import { DAY, figures, HOUR, privacyRollupsApp, rollups } from '../../test/privacy-rollups.fixture';
import { as, stores } from '../../test/test-app';
import { type TrackedSite, trackedSite, trackerId } from '../../test/tracked-site.fixture';

describe.each(stores)('consent and the dashboard rollups on %s', (dialect) => {
  const { h, get, dashboard, breakdown, send, event } = privacyRollupsApp(dialect);

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
      site = await trackedSite(h.t.app);
      control = await trackedSite(h.t.app);
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
      await h.t.app.services.background.settle();

      const after = await dashboard(site);
      expect(after.uniqueVisitors).toBe(1);
      expect(after.consent.withoutConsent).toBe(0);
      expect(after.totalClicks).toBe(3);
      expect(figures(after)).toEqual(figures(await dashboard(control)));
      // Each local day the person was seen on holds them once, as on the control website.
      expect(await rollups(h.db, site.siteId)).toEqual(await rollups(h.db, control.siteId));
      for (const range of ['1d', 'all'] as const)
        for (const dimension of ['goal', 'prop:plan', 'entry_page', 'channel'] as const) {
          const read = await breakdown(site, range, dimension);
          // One goal and one plan (entry pages and channels: of the two visits).
          if (dimension === 'goal' || dimension === 'prop:plan')
            expect(read.rows, `${range} ${dimension}`).toHaveLength(1);
          expect(read, `${range} ${dimension}`).toEqual(await breakdown(control, range, dimension));
          expect(read, `${range} ${dimension}`).toEqual(
            await h.t.app.services.breakdowns.forWebsite(
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
      site = await trackedSite(h.t.app);
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
      // With ClickHouse the filtered dashboard and the report read its copies of the clicks.
      await h.t.app.services.background.settle();
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
      const share = await h.t.app.inject({
        method: 'POST',
        url: `/api/websites/${site.siteId}/shares`,
        headers: { ...as(site.owner), origin: 'http://localhost:3000' },
        payload: {},
      });
      const token = (share.json() as { url: string }).url.split('/share/')[1] ?? '';
      const shared = await h.t.app.inject({ method: 'GET', url: `/api/share/${token}/dashboard?range=30d` });
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
