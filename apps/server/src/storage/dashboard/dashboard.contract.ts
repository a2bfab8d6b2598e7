import {
  DAY_MS,
  type EventStore,
  HASH_VISITOR_PREFIX,
  HOUR_MS,
  type IngestEvent,
  type OffsetSegment,
  offsetSegments,
  type SourceCount,
} from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { END, SITE, sideBySideEvents, T0 } from '../../test/clickhouse/side-by-side.fixture';
import { ingestEvent } from '../../test/ingest-event.fixture';
import type { DashboardRepository } from './dashboard.repository';
import { VISITOR_SEEN_STEP_MS } from './dashboard-rollups';

interface DashboardUnderTest {
  dashboard: DashboardRepository;
  /** The backend's event store: events, clicks, conversions and rollups come from its commits. */
  events: EventStore;
  /** The SQL database, where every backend keeps the clicks and conversions the commits derive. */
  database: Database;
  close(): Promise<void>;
}

/** The fixture's events, visitors v…3 without consent (hash visitors). */
const EVENTS: IngestEvent[] = sideBySideEvents().map((e) => ({
  ...e,
  visitorId: e.visitorId.endsWith('3') ? `${HASH_VISITOR_PREFIX}${e.visitorId}` : e.visitorId,
}));
const MOMENTS = [T0 - HOUR_MS, T0 + 7 * HOUR_MS + 123, T0 + 5 * DAY_MS + 1, END - 3 * HOUR_MS, END + DAY_MS];

/** Visitors seen every moment since T1: [visitor, seconds after T1], each committed on its own. */
const T1 = Date.parse('2026-05-04T10:00:00.000Z');
const SIGHTINGS: [string, number][] = [
  ['a', 0],
  ['b', 0],
  ['a', 30],
  ['b', 50],
  ['a', 59],
  ['a', 70],
  ['c', 100],
  ['a', 100],
  ['d', 200],
];

const inRange = (ts: number, from: number, to?: number) => ts >= from && (to === undefined || ts < to);
const pageviewsIn = (from: number, to?: number) =>
  EVENTS.filter((e) => e.type === 'pageview' && inRange(e.ts, from, to));
const visitorsIn = (from: number, to?: number) =>
  new Set(EVENTS.filter((e) => inRange(e.ts, from, to)).map((e) => e.visitorId)).size;
const pageOf = (url: string) => url.split('#')[0]?.split('?')[0] ?? url;

/** Rows in one order: the answers are sets, not sequences. */
const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();

function countBy<T>(items: T[], key: (item: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts];
}

/** Pageviews and visitors per bucket of the events from `from` on, as the local buckets key them. */
function series(from: number, segments: readonly OffsetSegment[], size: number, withSegment: boolean) {
  const buckets = new Map<string, { segment: number; t: number; pageviews: number; visitors: Set<string> }>();
  for (const e of EVENTS.filter((x) => x.ts >= from)) {
    const segment = Math.max(
      0,
      segments.findLastIndex((s) => s.start <= e.ts),
    );
    const t = Math.floor((e.ts + (segments[segment] as OffsetSegment).offset) / size) * size;
    const key = withSegment ? `${segment}:${t}` : String(t);
    const bucket = buckets.get(key) ?? { segment, t, pageviews: 0, visitors: new Set() };
    if (e.type === 'pageview') bucket.pageviews += 1;
    bucket.visitors.add(e.visitorId);
    buckets.set(key, bucket);
  }
  return [...buckets.values()].map((b) => ({
    ...(withSegment ? { segment: b.segment } : {}),
    t: b.t,
    pageviews: b.pageviews,
    visitors: b.visitors.size,
  }));
}

/**
 * The behaviour every dashboard repository must show, on the fixture's 600 events (ten days across
 * Berlin's fall-back change) committed through the backend's store: each answer equals what the
 * events say, and the clicks' and conversions' counts equal their stored rows.
 */
export function describeDashboardContract(label: string, open: () => Promise<DashboardUnderTest>) {
  describe(`DashboardRepository contract: ${label}`, () => {
    let subject: DashboardUnderTest;
    let dashboard: DashboardRepository;
    let clicks: { ts: number; channel: string; referrer_domain: string | null; visitor_id: string }[];
    let conversions: number[];
    let converters: { ts: number; visitorId: string | null }[];
    /** Visitors with a conversion in [from, to) and an event there (every fixture conversion is tracked). */
    const convertedIn = (from: number, to?: number) =>
      new Set(converters.filter((c) => inRange(c.ts, from, to)).map((c) => c.visitorId)).size;

    const sourcesOf = (rows: typeof clicks, referrer: (r: string | null) => string | null = (r) => r) =>
      countBy(rows, (c) => JSON.stringify([c.channel, referrer(c.referrer_domain)])).map(
        ([key]): SourceCount => {
          const [channel, referrerDomain] = JSON.parse(key);
          const group = rows.filter(
            (c) => c.channel === channel && referrer(c.referrer_domain) === referrerDomain,
          );
          return {
            channel,
            referrerDomain,
            clicks: group.length,
            withoutConsent: group.filter((c) => c.visitor_id.startsWith(HASH_VISITOR_PREFIX)).length,
          };
        },
      );

    beforeAll(async () => {
      subject = await open();
      dashboard = subject.dashboard;
      for (let i = 0; i < EVENTS.length; i += 50)
        await subject.events.commit(EVENTS.slice(i, i + 50).map((e) => ({ ...e })));
      let n = 0;
      for (const [visitor, seconds] of SIGHTINGS)
        await subject.events.commit([
          ingestEvent({
            websiteId: 'sightings',
            eventId: `seen-${++n}`,
            visitorId: visitor,
            sessionId: `s-${visitor}`,
            ts: T1 + seconds * 1000,
          }),
        ]);
      const { db } = subject.database;
      clicks = (
        await db
          .selectFrom('click')
          .select(['ts', 'channel', 'referrer_domain', 'visitor_id'])
          .where('website_id', '=', SITE)
          .execute()
      ).map((c) => ({ ...c, ts: Number(c.ts) }));
      converters = (
        await db
          .selectFrom('conversion')
          .select(['ts', 'visitor_id'])
          .where('website_id', '=', SITE)
          .execute()
      ).map((c) => ({ ts: Number(c.ts), visitorId: c.visitor_id }));
      conversions = (
        await db.selectFrom('conversion').select('ts').where('website_id', '=', SITE).execute()
      ).map((c) => Number(c.ts));
    });
    afterAll(() => subject.close());

    it('answers the edge questions (pageviews per URL, visitors, sources) of every range', async () => {
      expect(clicks.length).toBeGreaterThan(50);
      expect(clicks.some((c) => c.visitor_id.startsWith(HASH_VISITOR_PREFIX))).toBe(true);
      for (const from of MOMENTS)
        for (const to of [undefined, from + HOUR_MS, from + 2 * DAY_MS]) {
          expect(sorted(await dashboard.edgePageviews(SITE, from, to))).toEqual(
            sorted(countBy(pageviewsIn(from, to), (e) => e.url)),
          );
          expect(await dashboard.edgeVisitors(SITE, from, to)).toBe(visitorsIn(from, to));
          expect(sorted(await dashboard.edgeSources(SITE, from, to))).toEqual(
            sorted(sourcesOf(clicks.filter((c) => inRange(c.ts, from, to)))),
          );
        }
    });

    it('buckets local days and hours by wall time, in UTC and across DST changes', async () => {
      for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York']) {
        const segments = offsetSegments(zone, T0, END);
        const days = await dashboard.localDays(SITE, T0, segments);
        expect(sorted(days)).toEqual(sorted(series(T0, segments, DAY_MS, false)));
        expect(sorted(await dashboard.localHours(SITE, T0, segments))).toEqual(
          sorted(series(T0, segments, HOUR_MS, true)),
        );
        expect(days.reduce((sum, d) => sum + d.pageviews, 0)).toBeGreaterThan(400);
      }
      expect(offsetSegments('Europe/Berlin', T0, END)).toHaveLength(2);
    });

    it('reads whole days from the rollups (UTC days for a website without a zone)', async () => {
      for (const day of [T0, T0 + 4 * DAY_MS, END]) {
        const utc = offsetSegments('UTC', day, END);
        expect(sorted(await dashboard.days(SITE, day))).toEqual(sorted(series(day, utc, DAY_MS, false)));
        expect(sorted(await dashboard.dayPageviews(SITE, day))).toEqual(
          sorted(countBy(pageviewsIn(day), (e) => pageOf(e.url))),
        );
        expect(sorted(await dashboard.daySources(SITE, day))).toEqual(
          sorted(
            sourcesOf(
              clicks.filter((c) => c.ts >= day),
              (r) => r ?? '',
            ),
          ),
        );
      }
    });

    it('gives the first event and the totals of every window', async () => {
      expect(await dashboard.firstEventAt(SITE)).toBe(Math.min(...EVENTS.map((e) => e.ts)));
      expect(await dashboard.firstEventAt('no-such-site')).toBeNull();
      expect(conversions.length).toBeGreaterThan(10);
      for (const from of MOMENTS) {
        const to = from + 3 * DAY_MS;
        const pageviews = pageviewsIn(from, to);
        expect(await dashboard.totalsBetween(SITE, from, to)).toEqual({
          pageviews: pageviews.length,
          visitors: visitorsIn(from, to),
          paths: new Set(pageviews.map((e) => e.path)).size,
          conversions: conversions.filter((ts) => inRange(ts, from, to)).length,
          convertedVisitors: convertedIn(from, to),
        });
      }
    });

    it('counts the visitors, paths, conversions and converting visitors since every moment', async () => {
      const lastPageviews = new Map<string, IngestEvent>();
      for (const e of pageviewsIn(T0)) {
        const seen = lastPageviews.get(pageOf(e.url));
        if (!seen || e.ts > seen.ts) lastPageviews.set(pageOf(e.url), e);
      }
      for (let since = T0; since < END; since += 7 * HOUR_MS + 17 * 60_000) {
        expect([since, await dashboard.visitorsSince(SITE, since)]).toEqual([since, visitorsIn(since)]);
        const paths = new Set([...lastPageviews.values()].filter((e) => e.ts >= since).map((e) => e.path));
        expect([since, await dashboard.pathsSince(SITE, since)]).toEqual([since, paths.size]);
        expect(await dashboard.conversionsSince(SITE, since)).toBe(
          conversions.filter((ts) => ts >= since).length,
        );
        expect([since, await dashboard.convertedVisitorsSince(SITE, since)]).toEqual([
          since,
          convertedIn(since),
        ]);
      }
    });

    it('counts exactly the visitors since each moment, though last sightings are stored a step apart', async () => {
      const stored = await subject.database.db
        .selectFrom('dash_visitor')
        .select(['visitor_id', 'last_seen'])
        .where('website_id', '=', 'sightings')
        .orderBy('visitor_id')
        .execute();
      expect(VISITOR_SEEN_STEP_MS).toBe(60_000);
      expect(stored.map((r) => [r.visitor_id, (Number(r.last_seen) - T1) / 1000])).toEqual([
        ['a', 70],
        ['b', 0],
        ['c', 100],
        ['d', 200],
      ]);
      // Every second where an answer may change: at each sighting and a step either side of it.
      const edges = SIGHTINGS.flatMap(([, s]) => [-61, -60, -59, -1, 0, 1, 59, 60, 61].map((d) => s + d));
      for (const seconds of [...new Set([-10, ...edges, 210])].sort((a, b) => a - b)) {
        const truth = new Set(SIGHTINGS.filter(([, s]) => s >= seconds).map(([v]) => v)).size;
        expect([seconds, await dashboard.visitorsSince('sightings', T1 + seconds * 1000)]).toEqual([
          seconds,
          truth,
        ]);
      }
    });
  });
}
