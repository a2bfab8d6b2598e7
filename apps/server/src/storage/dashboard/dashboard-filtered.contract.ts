import { DAY_MS, type EventStore, HASH_VISITOR_PREFIX, HOUR_MS, MINUTE_MS, offsetSegments } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import type { FilteredDashboardRepository, FilteredParts } from './dashboard-filtered.repository';

interface FilteredDashboardUnderTest {
  filtered: FilteredDashboardRepository;
  /** The backend's event store: events, clicks and conversions come from its commits. */
  events: EventStore;
  /** Waits until what the commits derived is readable where the repository reads it (ClickHouse's copies). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const SITE = 'filtered-site';
const D = Date.parse('2026-06-01T00:00:00.000Z');
const HASH = `${HASH_VISITOR_PREFIX}v2`;

/** Three sessions over three days: v1 from a campaign with a purchase, a hash visitor, v1 again directly. */
const EVENTS = [
  { sessionId: 's1', visitorId: 'v1', ts: D + HOUR_MS, url: 'https://shop.test/a?x=1', path: '/a' },
  { sessionId: 's1', visitorId: 'v1', ts: D + 2 * HOUR_MS, url: 'https://shop.test/b', path: '/b' },
  { sessionId: 's2', visitorId: HASH, ts: D + DAY_MS + 3 * HOUR_MS, url: 'https://shop.test/a', path: '/a' },
  { sessionId: 's2', visitorId: HASH, ts: D + DAY_MS + 4 * HOUR_MS, url: 'https://shop.test/c', path: '/c' },
  {
    sessionId: 's3',
    visitorId: 'v1',
    ts: D + 2 * DAY_MS + 5 * HOUR_MS,
    url: 'https://shop.test/c',
    path: '/c',
  },
].map((e) =>
  ingestEvent({
    websiteId: SITE,
    ...e,
    country: e.visitorId === 'v1' ? 'DE' : 'US',
    ...(e.ts === D + HOUR_MS
      ? { ocxid: 'a'.repeat(32), campaignId: 'camp-A', channel: 'paid' as const, referrerDomain: 'news.test' }
      : {}),
  }),
);
const PURCHASE = ingestEvent({
  websiteId: SITE,
  sessionId: 's1',
  visitorId: 'v1',
  ts: D + 2 * HOUR_MS + MINUTE_MS,
  type: 'custom',
  name: 'purchase',
  path: '/b',
  url: 'https://shop.test/b',
  country: 'DE',
  goalMatches: [{ goalId: 'g-buy', goalName: 'Purchase', value: 5, currency: 'USD' }],
});

/** Rows in one order: the answers are sets, not sequences. */
const same = (parts: FilteredParts) => ({
  ...parts,
  pageviews: [...parts.pageviews].sort(),
  sources: parts.sources.map((s) => JSON.stringify(s)).sort(),
  wallDays: [...parts.wallDays].sort((a, b) => a.t - b.t),
  wallHours: [...parts.wallHours].sort((a, b) => a.t - b.t),
});

/** v1's sessions (s1, s3), as a country filter and a goal filter both pick them. */
const V1_PARTS: FilteredParts = {
  pageviews: [
    ['https://shop.test/a?x=1', 1],
    ['https://shop.test/b', 1],
    ['https://shop.test/c', 1],
  ],
  sources: [
    { channel: 'direct', referrerDomain: null, clicks: 1, withoutConsent: 0 },
    { channel: 'paid', referrerDomain: 'news.test', clicks: 1, withoutConsent: 0 },
  ],
  wallDays: [
    { t: D, pageviews: 2, visitors: 1 },
    { t: D + 2 * DAY_MS, pageviews: 1, visitors: 1 },
  ],
  wallHours: [],
  uniqueVisitors: 1,
  pagesVisited: 3,
  conversions: 1,
  convertedVisitors: 1,
  liveVisitors: 1,
};

/**
 * The behaviour every filtered dashboard must show: the parts and previous totals of the sessions
 * matching the filters, seeded through the backend's commit.
 */
export function describeFilteredDashboardContract(
  label: string,
  open: () => Promise<FilteredDashboardUnderTest>,
) {
  describe(`FilteredDashboardRepository contract: ${label}`, () => {
    let subject: FilteredDashboardUnderTest;
    beforeAll(async () => {
      subject = await open();
      await subject.events.commit([...EVENTS, PURCHASE]);
      await subject.settle();
    });
    afterAll(() => subject.close());

    const days = offsetSegments('UTC', D, D + 3 * DAY_MS);
    const parts = (filters: Record<string, string>) =>
      subject.filtered.parts(
        { websiteId: SITE, from: D, to: D + 3 * DAY_MS, filters },
        days,
        false,
        D + 2 * DAY_MS,
      );

    it('gives the parts of the matching sessions per day: clicks, conversions, live visitors', async () => {
      expect(same(await parts({ country: 'DE' }))).toEqual(same(V1_PARTS));
      expect(same(await parts({ goal: 'Purchase' }))).toEqual(same(V1_PARTS));
      expect(same(await parts({ country: 'US' }))).toEqual(
        same({
          pageviews: [
            ['https://shop.test/a', 1],
            ['https://shop.test/c', 1],
          ],
          sources: [{ channel: 'direct', referrerDomain: null, clicks: 1, withoutConsent: 1 }],
          wallDays: [{ t: D + DAY_MS, pageviews: 2, visitors: 1 }],
          wallHours: [],
          uniqueVisitors: 1,
          pagesVisited: 2,
          conversions: 0,
          convertedVisitors: 0,
          liveVisitors: 0,
        }),
      );
    });

    it('counts a matching visitor who converted in the range, as a breakdown row does, not only conversions of matching sessions', async () => {
      // v1's direct visit on day 2 (s3) has no conversion, but v1 bought on day 0.
      expect(await parts({ country: 'DE', page: '/c' })).toMatchObject({
        uniqueVisitors: 1,
        conversions: 0,
        convertedVisitors: 1,
      });
    });

    it('gives a day’s hours, and the previous period’s totals', async () => {
      const day = { websiteId: SITE, from: D, to: D + DAY_MS, filters: { country: 'DE' } };
      const hourly = await subject.filtered.parts(
        day,
        offsetSegments('UTC', D, D + DAY_MS),
        true,
        D + DAY_MS,
      );
      expect(hourly.wallDays).toEqual([]);
      expect([...hourly.wallHours].sort((a, b) => a.t - b.t)).toEqual([
        { segment: 0, t: D + HOUR_MS, pageviews: 1, visitors: 1 },
        { segment: 0, t: D + 2 * HOUR_MS, pageviews: 1, visitors: 1 },
      ]);
      expect(await subject.filtered.totalsBetween(day)).toEqual({
        pageviews: 2,
        visitors: 1,
        paths: 2,
        conversions: 1,
        convertedVisitors: 1,
      });
      expect(await subject.filtered.totalsBetween({ ...day, filters: { country: 'FR' } })).toEqual({
        pageviews: 0,
        visitors: 0,
        paths: 0,
        conversions: 0,
        convertedVisitors: 0,
      });
    });
  });
}
