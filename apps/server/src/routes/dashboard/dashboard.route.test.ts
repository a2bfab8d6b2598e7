import type { Dashboard } from '@ocx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { as, createTestApp, type SignedIn, signUp, stores, type TestApp } from '../../test/test-app';
import { collectEvents, pageview, trackedSite, trackerId } from '../../test/tracked-site.fixture';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Known visits: four within a day (one live), three more within 7 days through the collect
 * endpoint, and two older ones (20 and 60 days) written straight into the event store, since
 * collect moves timestamps older than 7 days to the present.
 */
describe.each(stores)('dashboard API on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let siteId: string;
  let now: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ owner, siteId } = await trackedSite(t.app));
    stranger = await signUp(t.app);
    now = Date.now();
    const send = (events: Record<string, unknown>[]) => collectEvents(t.app, siteId, events);
    const visit = (id: string) => ({ visitorId: `visitor${id}`, sessionId: trackerId('s') });
    const v1 = visit('0001');
    await send([
      pageview({
        ...v1,
        url: 'https://shop.test/pricing?utm_source=google&utm_medium=cpc',
        ts: now - 2 * HOUR,
      }),
      pageview({ ...v1, url: 'https://shop.test/pricing#plans', ts: now - 2 * HOUR + 60_000 }),
      { ...pageview(v1), type: 'custom', name: 'purchase', value: 20, ts: now - 2 * HOUR + 120_000 },
    ]);
    const v2 = visit('0002');
    await send([
      pageview({
        ...v2,
        url: 'https://shop.test/',
        referrer: 'https://www.google.com/search',
        ts: now - 3 * DAY,
      }),
      pageview({ ...v2, url: 'https://shop.test/pricing', ts: now - 3 * DAY + 60_000 }),
    ]);
    await send([
      pageview({
        ...visit('0003'),
        url: 'https://shop.test/blog',
        referrer: 'https://facebook.com/',
        ts: now - 5 * DAY,
      }),
    ]);
    await send([
      pageview({
        ...visit('0004'),
        url: 'https://shop.test/',
        referrer: 'https://news.example.org/a',
        ts: now - 6 * DAY - 20 * HOUR,
      }),
    ]);
    await send([pageview({ ...visit('0007'), url: 'https://shop.test/pricing', ts: now - 60_000 })]);
    await t.events.commit([
      ingestEvent({
        websiteId: siteId,
        visitorId: 'visitor0005',
        sessionId: 'session-old-1',
        ts: now - 20 * DAY,
        url: 'https://shop.test/old-page?utm_medium=email',
        path: '/old-page',
        channel: 'email',
        utm: { source: 'newsletter', medium: 'email', campaign: null, term: null, content: null },
      }),
      ingestEvent({
        websiteId: siteId,
        visitorId: 'visitor0006',
        sessionId: 'session-old-2',
        ts: now - 60 * DAY,
        url: 'https://shop.test/',
        path: '/',
      }),
    ]);
  });
  afterAll(() => t.close());

  async function dashboard(range: string, user: SignedIn | null = owner, site = siteId) {
    return t.app.inject({
      method: 'GET',
      url: `/api/analytics/dashboard?websiteId=${site}&range=${range}`,
      headers: as(user),
    });
  }
  const read = async (range: string) => (await dashboard(range)).json() as Dashboard;

  it('counts the last 24 hours: pageviews, visitors, paths, conversions and who is here now', async () => {
    const d = await read('1d');
    expect(d).toMatchObject({
      range: '1d',
      totalClicks: 3,
      uniqueVisitors: 2,
      pagesVisited: 1,
      conversions: 1,
      // 1 of 2 visitors converted (not 1 conversion of 3 page views).
      convertedVisitors: 1,
      conversionRate: 50,
      liveVisitors: 1,
      attributionModel: 'first_touch',
      bucket: 'hour',
    });
    expect(d.topPages).toEqual([{ url: 'https://shop.test/pricing', pageviews: 3, percent: 100 }]);
    expect(d.trafficSources).toEqual({ direct: 1, organic: 0, social: 0, email: 0, referral: 0, paid: 1 });
    expect(d.series.reduce((sum, s) => sum + s.pageviews, 0)).toBe(3);
  });

  it('counts 7 days with top pages, referrers and all six channels', async () => {
    const d = await read('7d');
    expect(d).toMatchObject({
      totalClicks: 7,
      uniqueVisitors: 5,
      pagesVisited: 3,
      conversions: 1,
      convertedVisitors: 1,
      conversionRate: 20,
      bucket: 'day',
    });
    expect(d.topPages).toEqual([
      { url: 'https://shop.test/pricing', pageviews: 4, percent: 57.1 },
      { url: 'https://shop.test/', pageviews: 2, percent: 28.6 },
      { url: 'https://shop.test/blog', pageviews: 1, percent: 14.3 },
    ]);
    expect(d.topReferrers).toEqual([
      { referrer: 'facebook.com', visits: 1 },
      { referrer: 'news.example.org', visits: 1 },
      { referrer: 'www.google.com', visits: 1 },
    ]);
    expect(d.trafficSources).toEqual({ direct: 1, organic: 1, social: 1, email: 0, referral: 1, paid: 1 });
    expect(d.series).toHaveLength(8);
    expect(d.series.reduce((sum, s) => sum + s.pageviews, 0)).toBe(7);
    const start = Date.parse(d.startDate ?? '');
    expect(start).toBeGreaterThanOrEqual(now - 7 * DAY);
    expect(d.series[0]?.t).toBe(new Date(Math.floor(start / DAY) * DAY).toISOString());
  });

  it('adds the 20-day-old email visit in 30 days and the 60-day-old direct one in all time', async () => {
    const month = await read('30d');
    expect(month).toMatchObject({ totalClicks: 8, uniqueVisitors: 6, pagesVisited: 4, conversionRate: 16.7 });
    expect(month.trafficSources.email).toBe(1);
    expect(month.series).toHaveLength(31);
    const all = await read('all');
    expect(all).toMatchObject({ totalClicks: 9, uniqueVisitors: 7, pagesVisited: 4, startDate: null });
    expect(all.trafficSources).toEqual({ direct: 2, organic: 1, social: 1, email: 1, referral: 1, paid: 1 });
    expect(all.topPages[1]).toEqual({ url: 'https://shop.test/', pageviews: 3, percent: 33.3 });
    expect(all.series[0]?.t).toBe(new Date(Math.floor((now - 60 * DAY) / DAY) * DAY).toISOString());
    // Each bucket counts its own distinct visitors: one whose visit crosses midnight (UTC, the test
    // site's zone) counts in both days, so the sum depends on the hour the test runs.
    const stamps: [string, number][] = [
      ['0001', now - 2 * HOUR],
      ['0001', now - 2 * HOUR + 60_000],
      ['0001', now - 2 * HOUR + 120_000],
      ['0002', now - 3 * DAY],
      ['0002', now - 3 * DAY + 60_000],
      ['0003', now - 5 * DAY],
      ['0004', now - 6 * DAY - 20 * HOUR],
      ['0007', now - 60_000],
      ['0005', now - 20 * DAY],
      ['0006', now - 60 * DAY],
    ];
    const visitorDays = new Set(stamps.map(([v, ts]) => `${v}@${Math.floor(ts / DAY)}`)).size;
    expect(all.series.reduce((sum, s) => sum + s.visitors, 0)).toBe(visitorDays);
  });

  it('defaults to 7 days and refuses a range it does not know', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/dashboard?websiteId=${siteId}`,
      headers: as(owner),
    });
    expect(res.json().range).toBe('7d');
    const bad = await dashboard('90d');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('range must be one of 1d, 7d, 30d, all');
  });

  it("answers 404 for another user's website and 401 when signed out", async () => {
    expect((await dashboard('7d', stranger)).statusCode).toBe(404);
    expect((await dashboard('7d', null)).statusCode).toBe(401);
  });

  it('forgets the figures with the website', async () => {
    const del = await t.app.inject({ method: 'DELETE', url: `/api/websites/${siteId}`, headers: as(owner) });
    expect(del.statusCode).toBeLessThan(300);
    const db = (t.events as unknown as { db: import('kysely').Kysely<import('../../db/schema').DB> }).db;
    const left = await db
      .selectFrom('dash_visitor')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('website_id', '=', siteId)
      .executeTakeFirst();
    expect(Number(left?.n)).toBe(0);
  });
});
