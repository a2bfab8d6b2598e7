import type { Dashboard } from '@ocx/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { DB } from '../db/schema';
import { as, createTestApp, type TestApp } from './test-app';
import { collectEvents, type TrackedSite, trackerId } from './tracked-site.fixture';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Every rollup row of a website, without its id; hash visitor ids (per website) read as 'h.'. */
export async function rollups(db: Kysely<DB>, websiteId: string) {
  const of = <
    T extends
      | 'dash_day'
      | 'dash_page_day'
      | 'dash_source_day'
      | 'dash_visitor_day'
      | 'dash_page'
      | 'dash_value_day'
      | 'dash_value_seen_day'
      | 'dash_session_hour'
      | 'dash_session_day',
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
    // Who has each value, counted per day of their last sighting (migration 0034's triggers; a
    // count that fell to 0 stays as a row, so those are left out).
    valueSeenDay: (await of('dash_value_seen_day')).filter((row) => !row.includes('"visitors":0')),
    // The session rollups (migration 0033): pageviews per session value and start hour.
    sessionHour: await of('dash_session_hour'),
    // Their sums per day (migration 0037's triggers; a sum that fell to 0 stays as a row).
    sessionDay: (await of('dash_session_day')).filter((row) => !row.includes('"pageviews":0')),
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
export function figures(d: Dashboard) {
  return {
    totalClicks: d.totalClicks,
    uniqueVisitors: d.uniqueVisitors,
    pagesVisited: d.pagesVisited,
    conversions: d.conversions,
    topPages: d.topPages,
    topReferrers: d.topReferrers,
    trafficSources: d.trafficSources,
    consent: d.consent,
    series: d.series.filter((p) => p.pageviews > 0 || p.visitors > 0),
  };
}

/** A test app for the privacy rollup suites (started in beforeAll) and the requests they make. */
export function privacyRollupsApp(dialect: Parameters<typeof createTestApp>[0]) {
  const h = { t: undefined as unknown as TestApp, db: undefined as unknown as Kysely<DB> };
  beforeAll(async () => {
    h.t = await createTestApp(dialect, { trustProxy: 1 });
    h.db = (h.t.events as unknown as { db: Kysely<DB> }).db;
  });
  afterAll(() => h.t.close());

  const get = async (site: TrackedSite, url: string) =>
    (await h.t.app.inject({ method: 'GET', url, headers: as(site.owner) })).json();
  return {
    h,
    get,
    dashboard: (site: TrackedSite, range = '30d', query = ''): Promise<Dashboard> =>
      get(site, `/api/analytics/dashboard?websiteId=${site.siteId}&range=${range}${query}`),
    breakdown: (site: TrackedSite, range: string, dimension: string) =>
      get(site, `/api/analytics/breakdown?websiteId=${site.siteId}&range=${range}&dimension=${dimension}`),
    metrics: async (site: TrackedSite) =>
      (await get(site, `/api/websites/${site.siteId}/campaigns/${site.campaign.id}`)).metrics,
    send: (site: TrackedSite, events: object[], address = '198.51.100.7') =>
      collectEvents(h.t.app, site.siteId, events, { 'x-forwarded-for': address }),
    event: (visitorId: string, sessionId: string, ts: number, extra: Record<string, unknown>) => ({
      type: 'pageview',
      visitorId,
      sessionId,
      ts,
      eventId: trackerId('e'),
      ...extra,
    }),
  };
}
