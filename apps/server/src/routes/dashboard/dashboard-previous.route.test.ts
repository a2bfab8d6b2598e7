import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { as, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';
import { trackedSite } from '../../test/tracked-site.fixture';

const DAY = 86_400_000;

/** Events 10 days ago (the previous 7 days) and 40 days ago (the previous 30 days), and one today. */
describe.each(dialects)('dashboard previous period on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let siteId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ owner, siteId } = await trackedSite(t.app));
    stranger = await signUp(t.app);
    const now = Date.now();
    const at = (days: number, visitorId: string, path: string, extra = {}) =>
      ingestEvent({
        websiteId: siteId,
        visitorId,
        sessionId: `${visitorId}-s`,
        ts: now - days * DAY,
        url: `https://shop.test${path}`,
        path,
        ...extra,
      });
    await t.events.commit([
      at(10, 'visitor-a', '/'),
      at(10, 'visitor-a', '/pricing'),
      at(9.5, 'visitor-b', '/pricing'),
      at(9.5, 'visitor-b', '/pricing', {
        type: 'custom',
        name: 'purchase',
        goalMatches: [{ goalId: 'g-buy', goalName: 'Purchase', value: 20, currency: 'USD' }],
      }),
      at(40, 'visitor-c', '/blog'),
      at(0.1, 'visitor-d', '/'),
    ]);
  });
  afterAll(() => t.close());

  const previous = (range: string, user: SignedIn = owner, site = siteId) =>
    t.app.inject({
      method: 'GET',
      url: `/api/analytics/dashboard/previous?websiteId=${site}&range=${range}`,
      headers: as(user),
    });

  it('counts the cards over the window before the range, as long as the range', async () => {
    const week = (await previous('7d')).json().previous;
    expect(week).toMatchObject({
      totalClicks: 3,
      uniqueVisitors: 2,
      pagesVisited: 2,
      conversions: 1,
      // visitor-b, 1 of the 2 visitors of that week.
      convertedVisitors: 1,
      conversionRate: 50,
    });
    expect(Date.parse(week.endDate) - Date.parse(week.startDate)).toBe(7 * DAY);
    expect((await previous('30d')).json().previous).toMatchObject({
      totalClicks: 1,
      uniqueVisitors: 1,
      pagesVisited: 1,
      conversions: 0,
      conversionRate: 0,
    });
    expect((await previous('1d')).json().previous).toMatchObject({ totalClicks: 0, uniqueVisitors: 0 });
    expect((await previous('all')).json()).toEqual({ previous: null });
  });

  it('answers 401 signed out, 404 for another user’s website and 400 for a bad range', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/analytics/dashboard/previous?websiteId=${siteId}&range=7d`,
        })
      ).statusCode,
    ).toBe(401);
    const foreign = await previous('7d', stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Website not found' });
    expect((await previous('90d')).statusCode).toBe(400);
  });
});
