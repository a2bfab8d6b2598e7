import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';
import { collectEvents, pageview, trackedSite, trackerId } from '../../test/tracked-site.fixture';

const DAY = 86_400_000;
const CLICKS = 130;

// Reads of the logs are bounded: a page has a default and a maximum size, and the pages, totals and
// filter values read at most 366 days; only the streamed exports read any range.
describe.each(dialects)('bounded log reads on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let siteId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ owner, siteId } = await trackedSite(t.app));
    stranger = await signUp(t.app);
    const now = Date.now();
    const entrances = Array.from({ length: CLICKS }, (_, i) => {
      const visitorId = trackerId('bound');
      return pageview({
        visitorId,
        sessionId: visitorId,
        url: 'https://shop.test/?utm_source=news',
        ts: now - i * 60_000,
      });
    });
    // Under 32 events a commit derives its clicks before it answers (larger ones derive in batches).
    for (let i = 0; i < entrances.length; i += 25)
      expect((await collectEvents(t.app, siteId, entrances.slice(i, i + 25))).statusCode).toBe(202);
  });
  afterAll(() => t.close());

  const get = (user: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: as(user) });

  it('answers 100 rows without a limit, with the total in X-Total-Count', async () => {
    for (const path of ['/api/clicks', '/api/conversions']) {
      const res = await get(owner, `${path}?websiteId=${siteId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().length).toBeLessThanOrEqual(100);
    }
    const clicks = await get(owner, `/api/clicks?websiteId=${siteId}`);
    expect(clicks.json()).toHaveLength(100);
    expect(clicks.headers['x-total-count']).toBe(String(CLICKS));
    const rest = await get(owner, `/api/clicks?websiteId=${siteId}&offset=100`);
    expect(rest.json()).toHaveLength(CLICKS - 100);
  });

  it('takes a limit up to 1000 and refuses more', async () => {
    expect((await get(owner, `/api/clicks?websiteId=${siteId}&limit=1000`)).json()).toHaveLength(CLICKS);
    for (const path of ['/api/clicks', '/api/conversions']) {
      const res = await get(owner, `${path}?websiteId=${siteId}&limit=1001`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'limit must be at most 1000' });
    }
  });

  it('refuses a range over 366 days for pages, totals and filter values, for one website or all', async () => {
    const since = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    const error = {
      error:
        'The date range can span at most 366 days. Choose a shorter range, or export the log for longer ones.',
    };
    for (const url of [
      `/api/clicks?websiteId=${siteId}&startDate=1970-01-01`,
      `/api/clicks?websiteId=all&startDate=1970-01-01`,
      `/api/conversions?websiteId=${siteId}&startDate=${since(367)}`,
      `/api/clicks/facets?websiteId=${siteId}&startDate=2000-01-01`,
      `/api/conversions/facets?websiteId=all&startDate=2000-01-01&endDate=2001-06-01`,
    ]) {
      const res = await get(owner, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(error);
    }
    expect((await get(owner, `/api/clicks?websiteId=${siteId}&startDate=${since(365)}`)).statusCode).toBe(
      200,
    );
  });

  it('streams an export of any range, all rows of it', async () => {
    const res = await get(owner, `/api/clicks/export?websiteId=${siteId}&startDate=1970-01-01`);
    expect(res.statusCode).toBe(200);
    // The header line, then one line per click.
    expect(res.body.trim().split('\n')).toHaveLength(CLICKS + 1);
  });

  it('answers 404 for another user’s website whatever the range or limit', async () => {
    for (const url of [
      `/api/clicks?websiteId=${siteId}&limit=1000`,
      `/api/clicks?websiteId=${siteId}&startDate=1970-01-01`,
      `/api/clicks/export?websiteId=${siteId}&startDate=1970-01-01`,
    ])
      expect((await get(stranger, url)).statusCode, url).toBe(404);
    // 'all' is the stranger's own websites: none.
    const all = await get(stranger, '/api/clicks?websiteId=all');
    expect(all.json()).toEqual([]);
  });
});
