import type { Breakdown, BreakdownRow } from '@ocx/contracts';
import type { IngestEvent } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { as, createTestApp, type SignedIn, signUp, stores, type TestApp } from '../../test/test-app';
import { trackedSite } from '../../test/tracked-site.fixture';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** value, visitors, pageviews, convertedVisitors, conversionRate */
type Expected = [string | null, number, number, number, number];
const rows = (...expected: Expected[]): Partial<BreakdownRow>[] =>
  expected.map(([value, visitors, pageviews, convertedVisitors, conversionRate]) => ({
    value,
    visitors,
    pageviews,
    convertedVisitors,
    conversionRate,
  }));

/**
 * The scenario, an hour ago: three visitors on three devices in three countries.
 * A (DE, Chrome on Linux) lands on / from the Spring newsletter (all five UTM tags, the campaign),
 * goes to /pricing and buys (a Purchase conversion, plan=pro). B (US, Safari on Mac OS) lands on
 * /blog from Google, goes to / and signs up (plan=free, no goal). C (FR, Firefox on Windows)
 * comes direct to / and leaves from /blog. Entry pages / and /blog; exit pages /pricing, / and /blog.
 */
describe.each(stores)('breakdown API on %s', (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let siteId: string;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const site = await trackedSite(t.app);
    ({ owner, siteId } = site);
    campaignId = site.campaign.id;
    stranger = await signUp(t.app);
    const goals = (
      await t.app.inject({ method: 'GET', url: `/api/websites/${siteId}/goals`, headers: as(owner) })
    ).json() as { id: string; name: string }[];
    const purchase = goals.find((g) => g.name === 'Purchase');
    if (!purchase) throw new Error('no Purchase goal');
    const start = Date.now() - HOUR;
    const at = (minute: number) => start + minute * MINUTE;
    const page = (path: string) => ({ url: `https://shop.test${path}`, path });
    const a: Partial<IngestEvent> = {
      websiteId: siteId,
      visitorId: 'visitor-a',
      sessionId: 'session-a',
      country: 'DE',
      region: 'Bavaria, DE',
      city: 'Munich, Bavaria, DE',
      deviceType: 'desktop',
      browser: 'Chrome',
      os: 'Linux',
    };
    const b: Partial<IngestEvent> = {
      websiteId: siteId,
      visitorId: 'visitor-b',
      sessionId: 'session-b',
      country: 'US',
      region: 'California, US',
      city: 'San Francisco, California, US',
      deviceType: 'mobile',
      browser: 'Safari',
      os: 'Mac OS',
      screen: 'mobile',
    };
    const c: Partial<IngestEvent> = {
      websiteId: siteId,
      visitorId: 'visitor-c',
      sessionId: 'session-c',
      country: 'FR',
      // The city database placed the address in a region but no city.
      region: 'Ile-de-France, FR',
      city: null,
      deviceType: 'desktop',
      browser: 'Firefox',
      os: 'Windows',
      screen: 'laptop',
    };
    const utm = {
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring',
      term: 'shoes',
      content: 'banner',
    };
    await t.events.commit([
      ingestEvent({ ...a, ...page('/'), ts: at(0), utm, channel: 'email', campaignId }),
      ingestEvent({ ...a, ...page('/pricing'), ts: at(1) }),
      ingestEvent({
        ...a,
        ...page('/pricing'),
        ts: at(2),
        type: 'custom',
        name: 'purchase',
        props: { plan: 'pro' },
        goalMatches: [{ goalId: purchase.id, goalName: 'Purchase', value: null, currency: 'USD' }],
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
      ingestEvent({ ...b, ...page('/'), ts: at(5), type: 'custom', name: 'signup', props: { plan: 'free' } }),
      ingestEvent({ ...c, ...page('/'), ts: at(6) }),
      ingestEvent({ ...c, ...page('/blog'), ts: at(7) }),
    ]);
    // With ClickHouse the conversions are read from its copy: the background pass brings it up to date.
    await t.app.services.background.settle();
  });
  afterAll(() => t.close());

  const request = (query: string, user: SignedIn | null = owner) =>
    t.app.inject({
      method: 'GET',
      url: `/api/analytics/breakdown?websiteId=${siteId}&range=1d&${query}`,
      headers: as(user),
    });
  async function read(query: string): Promise<Breakdown> {
    const res = await request(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Breakdown;
  }
  const rowsOf = async (query: string) => (await read(query)).rows;

  it('counts visitors, pageviews and converting visitors per country, device, browser and OS', async () => {
    const countries = await read('dimension=country');
    expect(countries.rows).toEqual(rows(['DE', 1, 2, 1, 100], ['FR', 1, 2, 0, 0], ['US', 1, 2, 0, 0]));
    expect({ total: countries.total, visitors: countries.visitors }).toEqual({ total: 3, visitors: 3 });
    expect(await rowsOf('dimension=device')).toEqual(rows(['desktop', 2, 4, 1, 50], ['mobile', 1, 2, 0, 0]));
    expect(await rowsOf('dimension=browser')).toEqual(
      rows(['Chrome', 1, 2, 1, 100], ['Firefox', 1, 2, 0, 0], ['Safari', 1, 2, 0, 0]),
    );
    expect(await rowsOf('dimension=os')).toEqual(
      rows(['Linux', 1, 2, 1, 100], ['Mac OS', 1, 2, 0, 0], ['Windows', 1, 2, 0, 0]),
    );
  });

  it('counts screen size classes', async () => {
    expect(await rowsOf('dimension=screen')).toEqual(
      rows(['desktop', 1, 2, 1, 100], ['laptop', 1, 2, 0, 0], ['mobile', 1, 2, 0, 0]),
    );
  });

  it('counts regions and cities, with an unknown row for a visit placed in no city', async () => {
    expect(await rowsOf('dimension=region')).toEqual(
      rows(['Bavaria, DE', 1, 2, 1, 100], ['California, US', 1, 2, 0, 0], ['Ile-de-France, FR', 1, 2, 0, 0]),
    );
    expect(await rowsOf('dimension=city')).toEqual(
      rows(
        ['Munich, Bavaria, DE', 1, 2, 1, 100],
        ['San Francisco, California, US', 1, 2, 0, 0],
        [null, 1, 2, 0, 0],
      ),
    );
    // The filters narrow them as any other dimension's.
    expect(await rowsOf('dimension=city&country=US')).toEqual(
      rows(['San Francisco, California, US', 1, 2, 0, 0]),
    );
  });

  it('counts pages viewed, entry pages and exit pages', async () => {
    expect(await rowsOf('dimension=page')).toEqual(
      rows(['/', 3, 3, 1, 33.3], ['/blog', 2, 2, 0, 0], ['/pricing', 1, 1, 1, 100]),
    );
    expect(await rowsOf('dimension=entry_page')).toEqual(rows(['/', 2, 4, 1, 50], ['/blog', 1, 2, 0, 0]));
    expect(await rowsOf('dimension=exit_page')).toEqual(
      rows(['/', 1, 2, 0, 0], ['/blog', 1, 2, 0, 0], ['/pricing', 1, 2, 1, 100]),
    );
  });

  it('credits each session to its source: referrer, channel, the UTM tags and the campaign', async () => {
    expect(await rowsOf('dimension=referrer')).toEqual(rows(['www.google.com', 1, 2, 0, 0]));
    expect(await rowsOf('dimension=channel')).toEqual(
      rows(['direct', 1, 2, 0, 0], ['email', 1, 2, 1, 100], ['organic', 1, 2, 0, 0]),
    );
    const tags = {
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      utm_term: 'shoes',
      utm_content: 'banner',
    };
    for (const [dimension, value] of Object.entries(tags)) {
      expect(await rowsOf(`dimension=${dimension}`)).toEqual(rows([value, 1, 2, 1, 100]));
    }
    expect(await rowsOf('dimension=campaign')).toEqual([
      {
        value: campaignId,
        label: 'Spring',
        visitors: 1,
        pageviews: 2,
        convertedVisitors: 1,
        conversionRate: 100,
      },
    ]);
  });

  it('lists goals with their rate of all visitors, and custom event property values', async () => {
    expect(await rowsOf('dimension=goal')).toEqual(rows(['Purchase', 1, 2, 1, 33.3]));
    expect(await rowsOf('dimension=prop:plan')).toEqual(rows(['free', 1, 2, 0, 0], ['pro', 1, 2, 1, 100]));
    expect(await rowsOf('dimension=prop:missing')).toEqual([]);
    expect(await rowsOf('dimension=prop_key')).toEqual(rows(['plan', 2, 4, 1, 50]));
    expect(await rowsOf('dimension=prop:plan&goal=Purchase')).toEqual(rows(['pro', 1, 2, 1, 100]));
  });

  it('narrows every dimension to the sessions matching all filters', async () => {
    expect(await rowsOf('dimension=page&country=DE')).toEqual(
      rows(['/', 1, 1, 1, 100], ['/pricing', 1, 1, 1, 100]),
    );
    const viewedBlog = await read('dimension=country&page=/blog');
    expect(viewedBlog.rows).toEqual(rows(['FR', 1, 2, 0, 0], ['US', 1, 2, 0, 0]));
    expect(viewedBlog.visitors).toBe(2);
    expect(await rowsOf('dimension=entry_page&page=/blog')).toEqual(
      rows(['/', 1, 2, 0, 0], ['/blog', 1, 2, 0, 0]),
    );
    expect(await rowsOf('dimension=browser&channel=email')).toEqual(rows(['Chrome', 1, 2, 1, 100]));
    expect(await rowsOf(`dimension=utm_source&campaign=${campaignId}`)).toEqual(
      rows(['newsletter', 1, 2, 1, 100]),
    );
    expect(await rowsOf('dimension=os&referrer=www.google.com')).toEqual(rows(['Mac OS', 1, 2, 0, 0]));
    expect(await rowsOf('dimension=country&goal=Purchase')).toEqual(rows(['DE', 1, 2, 1, 100]));
    expect(await rowsOf('dimension=exit_page&entry_page=/&device=desktop')).toEqual(
      rows(['/blog', 1, 2, 0, 0], ['/pricing', 1, 2, 1, 100]),
    );
    expect(await rowsOf('dimension=country&exit_page=/&utm_medium=email')).toEqual([]);
    expect(await rowsOf('dimension=prop:plan&os=Mac%20OS')).toEqual(rows(['free', 1, 2, 0, 0]));
  });

  it('pages with limit and offset and says how many rows there are', async () => {
    const second = await read('dimension=country&limit=1&offset=1');
    expect(second.rows).toEqual(rows(['FR', 1, 2, 0, 0]));
    expect(second.total).toBe(3);
    const past = await read('dimension=country&limit=10&offset=5');
    expect({ rows: past.rows, total: past.total }).toEqual({ rows: [], total: 3 });
  });

  it('refuses an unknown dimension with the valid ones, and a limit over 1,000', async () => {
    const bad = await request('dimension=planet');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain(
      'dimension must be one of country, region, city, device, browser, os, screen, entry_page, exit_page, page, referrer, channel, utm_source, utm_medium, utm_campaign, utm_term, utm_content, campaign, goal, prop_key, prop:<key>',
    );
    expect((await request('')).statusCode).toBe(400);
    const tooMany = await request('dimension=country&limit=1001');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toContain('limit must be a whole number from 1 to 1000');
  });

  it("answers 404 for another user's website and 401 when signed out", async () => {
    expect((await request('dimension=country', stranger)).statusCode).toBe(404);
    expect((await request('dimension=country', null)).statusCode).toBe(401);
  });
});
