import type { Dashboard } from '@ocx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { as, createTestApp, dialects, type SignedIn, signUp, type TestApp } from '../../test/test-app';

/** Tuesday 10 March 2026, 12:00 UTC: 17:45 in Kathmandu, 05:00 in Los Angeles (PDT since Sunday). */
const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const at = (iso: string) => Date.parse(iso);

/**
 * docs/definitions.md#time-zone on the real server: the same events ten minutes either side of a local
 * midnight, read by a website in Asia/Kathmandu (+05:45), one in America/Los_Angeles across the
 * spring-forward change, and one in UTC.
 */
describe.each(dialects)("reports in the website's time zone on %s", (dialect) => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  const site: Record<'kathmandu' | 'la' | 'utc', string> = { kathmandu: '', la: '', utc: '' };
  let funnel: Record<'kathmandu' | 'utc', string>;

  const get = (url: string, user = owner) => t.app.inject({ method: 'GET', url, headers: as(user) });
  const visit = (websiteId: string, visitor: string, ts: number, path = '/landing') =>
    ingestEvent({
      websiteId,
      visitorId: `visitor-${visitor}`,
      sessionId: `session-${visitor}-${websiteId}`,
      ts,
      url: `https://shop.test${path}`,
      path,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { reportClock: () => NOW });
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    const create = async (name: string, timezone?: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/websites',
          headers: as(owner),
          payload: { name, rootDomain: 'shop.test', ...(timezone ? { timezone } : {}) },
        })
      ).json().id as string;
    site.kathmandu = await create('Nepal', 'Asia/Kathmandu');
    site.la = await create('California', 'America/Los_Angeles');
    site.utc = await create('London');
    const newFunnel = async (websiteId: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/funnels',
          headers: as(owner),
          payload: {
            website_id: websiteId,
            name: 'Landing',
            steps: [{ name: 'Landing', conditions: { path: '/landing' } }],
          },
        })
      ).json().id as string;
    funnel = { kathmandu: await newFunnel(site.kathmandu), utc: await newFunnel(site.utc) };

    // Kathmandu midnights: 8 March starts at 7 March 18:15 UTC, 10 March ("today") at 9 March 18:15 UTC.
    for (const websiteId of [site.kathmandu, site.utc]) {
      await t.events.commit([
        visit(websiteId, 'a', at('2026-03-07T18:05:00Z')),
        visit(websiteId, 'b', at('2026-03-07T18:25:00Z')),
        visit(websiteId, 'c', at('2026-03-09T18:05:00Z')),
        visit(websiteId, 'd', at('2026-03-09T18:25:00Z')),
      ]);
    }
    // Los Angeles midnights: 8 March at 08:00 UTC (PST), 9 March at 07:00 UTC (PDT): a 23-hour day.
    await t.events.commit([
      visit(site.la, 'e', at('2026-03-08T07:50:00Z')),
      visit(site.la, 'f', at('2026-03-08T08:10:00Z')),
      visit(site.la, 'g', at('2026-03-09T06:50:00Z')),
      visit(site.la, 'h', at('2026-03-09T07:10:00Z')),
    ]);
  });
  afterAll(() => t.close());

  const dashboard = async (websiteId: string, range: string): Promise<Dashboard> =>
    (await get(`/api/analytics/dashboard?websiteId=${websiteId}&range=${range}`)).json();
  const nonZero = (d: Dashboard) =>
    d.series.filter((p) => p.pageviews > 0).map((p) => [p.t, p.pageviews, p.visitors]);

  it('puts events ten minutes either side of local midnight in different daily buckets, each starting at local midnight', async () => {
    const nepal = await dashboard(site.kathmandu, '7d');
    expect(nonZero(nepal)).toEqual([
      ['2026-03-06T18:15:00.000Z', 1, 1],
      ['2026-03-07T18:15:00.000Z', 1, 1],
      ['2026-03-08T18:15:00.000Z', 1, 1],
      ['2026-03-09T18:15:00.000Z', 1, 1],
    ]);
    expect(nepal.series.every((p) => p.t.endsWith('T18:15:00.000Z'))).toBe(true);
    expect(nepal.totalClicks).toBe(4);
    // The same events on a UTC website: two UTC days (its numbers are what they always were).
    const london = await dashboard(site.utc, '7d');
    expect(nonZero(london)).toEqual([
      ['2026-03-07T00:00:00.000Z', 2, 2],
      ['2026-03-09T00:00:00.000Z', 2, 2],
    ]);
    expect(london.totalClicks).toBe(4);
  });

  it('counts the spring-forward day in Los Angeles as the 23 hours from 08:00 to 07:00 UTC', async () => {
    const la = await dashboard(site.la, '7d');
    expect(nonZero(la)).toEqual([
      ['2026-03-07T08:00:00.000Z', 1, 1],
      ['2026-03-08T08:00:00.000Z', 2, 2],
      ['2026-03-09T07:00:00.000Z', 1, 1],
    ]);
  });

  it('charts the last 24 hours in local hours, which start at :15 past the UTC hour in Kathmandu', async () => {
    const nepal = await dashboard(site.kathmandu, '1d');
    expect(nepal.bucket).toBe('hour');
    expect(nepal.series.every((p) => p.t.endsWith(':15:00.000Z'))).toBe(true);
    expect(nonZero(nepal)).toEqual([
      ['2026-03-09T17:15:00.000Z', 1, 1],
      ['2026-03-09T18:15:00.000Z', 1, 1],
    ]);
  });

  it("starts a funnel's today at local midnight: yesterday's and today's visitors ten minutes apart", async () => {
    const compare = async (id: string) =>
      (
        await get(`/api/funnels/analytics/compare?funnelId=${id}&currentPeriod=today&previousPeriod=today`)
      ).json();
    const nepal = await compare(funnel.kathmandu);
    expect([nepal.current.totalEntries, nepal.previous.totalEntries]).toEqual([1, 1]);
    const london = await compare(funnel.utc);
    expect([london.current.totalEntries, london.previous.totalEntries]).toEqual([0, 2]);
  });

  it("reads a plain-date log filter as the website's local day, exactly", async () => {
    const clicks = async (websiteId: string, day: string) =>
      (await get(`/api/clicks?websiteId=${websiteId}&startDate=${day}&endDate=${day}`))
        .json()
        .map((c: { visitor_id: string }) => c.visitor_id);
    expect(await clicks(site.kathmandu, '2026-03-08')).toEqual(['visitor-b']);
    expect(await clicks(site.kathmandu, '2026-03-07')).toEqual(['visitor-a']);
    expect((await clicks(site.utc, '2026-03-07')).sort()).toEqual(['visitor-a', 'visitor-b']);
    expect((await clicks(site.la, '2026-03-08')).sort()).toEqual(['visitor-f', 'visitor-g']);
    // An ISO instant with an offset still means that instant.
    const instant = await get(
      `/api/clicks?websiteId=${site.kathmandu}&startDate=2026-03-08T00:00:00%2B05:45&endDate=2026-03-08T00:10:00%2B05:45`,
    );
    expect(instant.json().map((c: { visitor_id: string }) => c.visitor_id)).toEqual(['visitor-b']);
    expect((await get(`/api/clicks?websiteId=${site.kathmandu}&startDate=2026-02-30`)).statusCode).toBe(400);
  });

  it('reads plain dates of the attribution report in the website zone and refuses a date that is none', async () => {
    const report = await get(
      `/api/reports/attribution?websiteId=${site.kathmandu}&startDate=2026-03-08&endDate=2026-03-08`,
    );
    expect(report.statusCode).toBe(200);
    expect(Object.keys(report.json().models)).toHaveLength(8);
    const bad = await get(`/api/reports/attribution?websiteId=${site.kathmandu}&startDate=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('startDate and endDate must be ISO dates');
  });

  it("writes CSV times with the website's offset", async () => {
    const csv = (
      await get(`/api/clicks/export?websiteId=${site.kathmandu}&startDate=2026-03-08&endDate=2026-03-08`)
    ).body;
    expect(csv).toContain('2026-03-08T00:10:00.000+05:45');
    const la = (await get(`/api/clicks/export?websiteId=${site.la}&startDate=2026-03-08&endDate=2026-03-08`))
      .body;
    expect(la).toContain('2026-03-08T00:10:00.000-08:00');
    expect(la).toContain('2026-03-08T23:50:00.000-07:00');
  });

  it('shows another user neither the dashboard nor the logs of a website in any zone', async () => {
    expect(
      (await get(`/api/analytics/dashboard?websiteId=${site.kathmandu}&range=7d`, stranger)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/clicks?websiteId=${site.kathmandu}&startDate=2026-03-08`, stranger)).statusCode,
    ).toBe(404);
  });
});
