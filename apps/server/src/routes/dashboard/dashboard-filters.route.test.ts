import type { Dashboard } from '@ocx/contracts';
import type { IngestEvent } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { as, createTestApp, type SignedIn, signUp, stores, type TestApp } from '../../test/test-app';
import { trackedSite } from '../../test/tracked-site.fixture';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Filters that follow the data (issue 23): the whole dashboard narrows to the sessions that match.
 * An hour ago A (DE) lands on / from the Spring newsletter, views /pricing and buys; B (US) lands on
 * /blog from Google and goes to /; C (FR) comes direct to / and leaves from /blog. 30 hours ago, in
 * the 1-day range's previous period, D (DE) viewed / and E (US) viewed /blog.
 */
describe.each(stores)('dashboard filters on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let siteId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const site = await trackedSite(t.app);
    ({ owner, siteId } = site);
    stranger = await signUp(t.app);
    const start = Date.now() - HOUR;
    const at = (minute: number) => start + minute * MINUTE;
    const visitor = (id: string, country: string): Partial<IngestEvent> => ({
      websiteId: siteId,
      visitorId: `visitor-${id}`,
      sessionId: `session-${id}`,
      country,
    });
    const page = (path: string) => ({ url: `https://shop.test${path}`, path });
    const [a, b, c, d, e] = [
      visitor('a', 'DE'),
      visitor('b', 'US'),
      visitor('c', 'FR'),
      visitor('d', 'DE'),
      visitor('e', 'US'),
    ];
    const utm = { source: 'newsletter', medium: 'email', campaign: 'spring', term: null, content: null };
    await t.events.commit([
      ingestEvent({ ...d, ...page('/'), ts: Date.now() - 30 * HOUR }),
      ingestEvent({ ...e, ...page('/blog'), ts: Date.now() - 30 * HOUR }),
      ingestEvent({ ...a, ...page('/'), ts: at(0), utm, channel: 'email', campaignId: site.campaign.id }),
      ingestEvent({ ...a, ...page('/pricing'), ts: at(1) }),
      ingestEvent({
        ...a,
        ...page('/pricing'),
        ts: at(2),
        type: 'custom',
        name: 'purchase',
        goalMatches: [{ goalId: 'g-buy', goalName: 'Purchase', value: 20, currency: 'USD' }],
      }),
      ingestEvent({
        ...b,
        ...page('/blog'),
        ts: at(3),
        referrer: 'https://www.google.com/search',
        referrerDomain: 'www.google.com',
        channel: 'organic',
      }),
      ingestEvent({ ...b, ...page('/'), ts: at(4) }),
      ingestEvent({ ...c, ...page('/'), ts: at(6) }),
      ingestEvent({ ...c, ...page('/blog'), ts: at(7) }),
    ]);
    await t.events.settle();
    // With ClickHouse the filtered panels read its copies of the clicks and conversions.
    await t.app.services.background.settle();
  });
  afterAll(() => t.close());

  const request = (path: string, query: string, user: SignedIn = owner) =>
    t.app.inject({
      method: 'GET',
      url: `/api/analytics/${path}?websiteId=${siteId}&range=1d&${query}`,
      headers: as(user),
    });
  async function dashboard(query: string): Promise<Dashboard> {
    const res = await request('dashboard', query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Dashboard;
  }
  const cards = (d: Dashboard) => ({
    totalClicks: d.totalClicks,
    uniqueVisitors: d.uniqueVisitors,
    pagesVisited: d.pagesVisited,
    conversions: d.conversions,
    seriesPageviews: d.series.reduce((sum, s) => sum + s.pageviews, 0),
  });

  it('without a filter counts every session of the range', async () => {
    const all = await dashboard('');
    expect(cards(all)).toEqual({
      totalClicks: 6,
      uniqueVisitors: 3,
      pagesVisited: 3,
      conversions: 1,
      seriesPageviews: 6,
    });
  });

  it('narrows the cards, the chart, the top tables and the channels to the matching sessions', async () => {
    const germany = await dashboard('country=DE');
    expect(cards(germany)).toEqual({
      totalClicks: 2,
      uniqueVisitors: 1,
      pagesVisited: 2,
      conversions: 1,
      seriesPageviews: 2,
    });
    expect(germany.topPages.map((p) => [p.url, p.pageviews, p.percent])).toEqual([
      ['https://shop.test/', 1, 50],
      ['https://shop.test/pricing', 1, 50],
    ]);
    expect(germany.topReferrers).toEqual([]);
    expect(germany.trafficSources).toMatchObject({ email: 1, organic: 0, direct: 0 });

    const google = await dashboard('referrer=www.google.com');
    expect(cards(google)).toEqual({
      totalClicks: 2,
      uniqueVisitors: 1,
      pagesVisited: 2,
      conversions: 0,
      seriesPageviews: 2,
    });
    expect(google.topReferrers).toEqual([{ referrer: 'www.google.com', visits: 1 }]);
    expect(google.trafficSources).toMatchObject({ organic: 1, email: 0, direct: 0 });
  });

  it('keeps whole sessions that viewed a page, and combines filters', async () => {
    const blog = await dashboard('page=%2Fblog');
    expect(cards(blog)).toMatchObject({ totalClicks: 4, uniqueVisitors: 2, conversions: 0 });
    expect(blog.trafficSources).toMatchObject({ organic: 1, direct: 1, email: 0 });
    expect(cards(await dashboard('page=%2Fblog&country=FR'))).toMatchObject({
      totalClicks: 2,
      uniqueVisitors: 1,
    });
    expect(cards(await dashboard('channel=email&country=US'))).toMatchObject({
      totalClicks: 0,
      uniqueVisitors: 0,
    });
  });

  it('filters the previous period of the cards the same way', async () => {
    const res = await request('dashboard/previous', 'country=DE');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().previous).toMatchObject({ totalClicks: 1, uniqueVisitors: 1, conversions: 0 });
    const unfiltered = (await request('dashboard/previous', '')).json().previous;
    expect(unfiltered).toMatchObject({ totalClicks: 2, uniqueVisitors: 2 });
  });

  it("charts the filtered series in the website's local days", async () => {
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/websites/${siteId}`,
      headers: as(owner),
      payload: { timezone: 'Asia/Kathmandu' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/dashboard?websiteId=${siteId}&range=7d&country=DE`,
      headers: as(owner),
    });
    const local = res.json() as Dashboard;
    expect(local.timezone).toBe('Asia/Kathmandu');
    // Kathmandu is UTC+05:45: its midnights are 18:15 UTC; every point but the first (the range's start) is one.
    for (const point of local.series.slice(1)) expect(point.t.slice(11, 16)).toBe('18:15');
    // A's two page views and D's one (30 hours ago), both from Germany.
    expect(local.series.reduce((sum, p) => sum + p.pageviews, 0)).toBe(3);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/websites/${siteId}`,
      headers: as(owner),
      payload: { timezone: 'UTC' },
    });
  });

  it('refuses an empty filter value and another user', async () => {
    const empty = await request('dashboard', 'country=');
    expect(empty.statusCode).toBe(400);
    expect((await request('dashboard', 'country=DE', stranger)).statusCode).toBe(404);
    expect((await request('dashboard/previous', 'country=DE', stranger)).statusCode).toBe(404);
  });
});
