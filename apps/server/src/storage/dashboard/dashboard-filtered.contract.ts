import type { BreakdownFilters } from '@ocx/contracts';
import { DAY_MS, type EventStore, HOUR_MS, offsetSegments } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { D, EVENTS, PURCHASE, SITE } from './dashboard-filtered.fixture';
import type { FilteredDashboardRepository, FilteredParts } from './dashboard-filtered.repository';

interface FilteredDashboardUnderTest {
  filtered: FilteredDashboardRepository;
  /** The backend's event store: events, clicks and conversions come from its commits. */
  events: EventStore;
  /** Waits until what the commits derived is readable where the repository reads it (ClickHouse's copies). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

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

/** What the parts say, short: pageviews per URL, sources as `channel referrer clicks/without consent`, days as `day: pageviews/visitors`. */
function summary(parts: FilteredParts) {
  return {
    pageviews: Object.fromEntries([...parts.pageviews].sort(([a], [b]) => a.localeCompare(b))),
    sources: parts.sources
      .map((s) => `${s.channel} ${s.referrerDomain ?? '-'} ${s.clicks}/${s.withoutConsent}`)
      .sort(),
    days: [...parts.wallDays]
      .sort((a, b) => a.t - b.t)
      .map((d) => `day ${(d.t - D) / DAY_MS}: ${d.pageviews}/${d.visitors}`),
    visitors: parts.uniqueVisitors,
    paths: parts.pagesVisited,
    conversions: parts.conversions,
    live: parts.liveVisitors,
  };
}
type Summary = ReturnType<typeof summary>;

// The figures of each set of sessions a filter picks, counted by hand from EVENTS (live: since day 2).
const S1: Summary = {
  pageviews: { 'https://shop.test/a?x=1': 1, 'https://shop.test/b': 1 },
  sources: ['paid news.test 1/0'],
  days: ['day 0: 2/1'],
  visitors: 1,
  paths: 2,
  conversions: 1,
  live: 0,
};
const S1_S3: Summary = {
  pageviews: { 'https://shop.test/a?x=1': 1, 'https://shop.test/b': 1, 'https://shop.test/c': 1 },
  sources: ['direct - 1/0', 'paid news.test 1/0'],
  days: ['day 0: 2/1', 'day 2: 1/1'],
  visitors: 1,
  paths: 3,
  conversions: 1,
  live: 1,
};
const S1_S2: Summary = {
  pageviews: {
    'https://shop.test/a': 1,
    'https://shop.test/a?x=1': 1,
    'https://shop.test/b': 1,
    'https://shop.test/c': 1,
  },
  sources: ['direct - 1/1', 'paid news.test 1/0'],
  days: ['day 0: 2/1', 'day 1: 2/1'],
  visitors: 2,
  paths: 3,
  conversions: 1,
  live: 0,
};
const S1_S2_S3: Summary = {
  pageviews: {
    'https://shop.test/a': 1,
    'https://shop.test/a?x=1': 1,
    'https://shop.test/b': 1,
    'https://shop.test/c': 2,
  },
  sources: ['direct - 2/1', 'paid news.test 1/0'],
  days: ['day 0: 2/1', 'day 1: 2/1', 'day 2: 1/1'],
  visitors: 2,
  paths: 3,
  conversions: 1,
  live: 1,
};
const S1_S4: Summary = {
  pageviews: {
    'https://shop.test/a?x=1': 1,
    'https://shop.test/b': 1,
    'https://shop.test/d?utm_source=newsletter': 1,
    'https://shop.test/e': 1,
  },
  sources: ['email mail.test 1/0', 'paid news.test 1/0'],
  days: ['day 0: 2/1', 'day 2: 2/1'],
  visitors: 2,
  paths: 4,
  conversions: 1,
  live: 1,
};
const S2: Summary = {
  pageviews: { 'https://shop.test/a': 1, 'https://shop.test/c': 1 },
  sources: ['direct - 1/1'],
  days: ['day 1: 2/1'],
  visitors: 1,
  paths: 2,
  conversions: 0,
  live: 0,
};
const S2_S3: Summary = {
  pageviews: { 'https://shop.test/a': 1, 'https://shop.test/c': 2 },
  sources: ['direct - 2/1'],
  days: ['day 1: 2/1', 'day 2: 1/1'],
  visitors: 2,
  paths: 2,
  conversions: 0,
  live: 1,
};
const S2_S4: Summary = {
  pageviews: {
    'https://shop.test/a': 1,
    'https://shop.test/c': 1,
    'https://shop.test/d?utm_source=newsletter': 1,
    'https://shop.test/e': 1,
  },
  sources: ['direct - 1/1', 'email mail.test 1/0'],
  days: ['day 1: 2/1', 'day 2: 2/1'],
  visitors: 2,
  paths: 4,
  conversions: 0,
  live: 1,
};
const S3: Summary = {
  pageviews: { 'https://shop.test/c': 1 },
  sources: ['direct - 1/0'],
  days: ['day 2: 1/1'],
  visitors: 1,
  paths: 1,
  conversions: 0,
  live: 1,
};
const S4: Summary = {
  pageviews: { 'https://shop.test/d?utm_source=newsletter': 1, 'https://shop.test/e': 1 },
  sources: ['email mail.test 1/0'],
  days: ['day 2: 2/1'],
  visitors: 1,
  paths: 2,
  conversions: 0,
  live: 1,
};
const NONE: Summary = {
  pageviews: {},
  sources: [],
  days: [],
  visitors: 0,
  paths: 0,
  conversions: 0,
  live: 0,
};

/** Every filter the dashboard offers, one value each, and the sessions it picks. */
const BY_FILTER: [BreakdownFilters, Summary][] = [
  [{ country: 'NL' }, S4],
  [{ region: 'Noord-Holland, NL' }, S4],
  [{ city: 'London, England, GB' }, S1_S2_S3],
  [{ device: 'mobile' }, S2_S4],
  [{ browser: 'Firefox' }, S2],
  [{ os: 'Linux' }, S1_S3],
  [{ screen: 'tablet' }, S4],
  [{ page: '/a' }, S1_S2],
  [{ entry_page: '/c' }, S3],
  [{ exit_page: '/c' }, S2_S3],
  [{ referrer: 'news.test' }, S1],
  [{ channel: 'direct' }, S2_S3],
  [{ utm_source: 'newsletter' }, S4],
  [{ utm_medium: 'cpc' }, S1],
  [{ utm_campaign: 'june' }, S1_S4],
  [{ utm_term: 'shoes' }, S4],
  [{ utm_content: 'banner' }, S4],
  [{ campaign: 'camp-A' }, S1],
  [{ goal: 'Purchase' }, S1_S3],
  // Two filters: the sessions matching both.
  [{ device: 'mobile', page: '/c' }, S2],
  [{ country: 'DE', entry_page: '/c' }, S3],
  // Each matches sessions, never the same one; and a value no event has.
  [{ page: '/c', referrer: 'news.test' }, NONE],
  [{ browser: 'Opera' }, NONE],
];

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
    const parts = (filters: BreakdownFilters) =>
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

    it.each(BY_FILTER)('under %j counts only the sessions that match', async (filters, expected) => {
      expect(summary(await parts(filters))).toEqual(expected);
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
