import { describe, expect, it } from 'vitest';
import { buildDashboard, type DashboardParts, edgeEnd } from './dashboard-report';

const iso = (s: string) => Date.parse(s);
const NOW = iso('2026-03-31T15:30:00.000Z');

function parts(overrides: Partial<DashboardParts> = {}): DashboardParts {
  return {
    range: '7d',
    now: NOW,
    from: iso('2026-03-24T15:30:00.000Z'),
    timeZone: 'UTC',
    raw: false,
    edgePageviews: [],
    dayPageviews: [],
    edgeSources: [],
    daySources: [],
    edgeVisitors: 0,
    days: [],
    hours: [],
    uniqueVisitors: 0,
    pagesVisited: 0,
    conversions: 0,
    convertedVisitors: 0,
    liveVisitors: 0,
    attributionModel: 'last_touch',
    ...overrides,
  };
}

describe('dashboard answer', () => {
  it('splits a window at the first midnight after its start; a midnight start has no edge', () => {
    expect(edgeEnd(iso('2026-03-24T15:30:00.000Z'))).toBe(iso('2026-03-25T00:00:00.000Z'));
    expect(edgeEnd(iso('2026-03-25T00:00:00.000Z'))).toBe(iso('2026-03-25T00:00:00.000Z'));
  });

  it('adds the raw edge to the whole days: pages, total clicks, percent of total', () => {
    const d = buildDashboard(
      parts({
        // 2 + 1 in the edge (query strings folded), 3 + 2 on whole days: 8 pageviews.
        edgePageviews: [
          ['https://shop.test/a?utm_source=x', 2],
          ['https://shop.test/c', 1],
        ],
        dayPageviews: [
          ['https://shop.test/a', 3],
          ['https://shop.test/b', 2],
        ],
      }),
    );
    expect(d.totalClicks).toBe(8);
    expect(d.topPages).toEqual([
      { url: 'https://shop.test/a', pageviews: 5, percent: 62.5 },
      { url: 'https://shop.test/b', pageviews: 2, percent: 25 },
      { url: 'https://shop.test/c', pageviews: 1, percent: 12.5 },
    ]);
  });

  it('gives the conversion rate as converting visitors over visitors, not conversions over page views', () => {
    const d = buildDashboard(
      parts({
        edgePageviews: [['https://shop.test/a', 40]],
        uniqueVisitors: 16,
        conversions: 5,
        convertedVisitors: 3,
      }),
    );
    expect(d).toMatchObject({ totalClicks: 40, conversions: 5, convertedVisitors: 3 });
    // 3 of 16 visitors: 18.75 % → 18.8 (5 conversions ÷ 40 page views would be 12.5).
    expect(d.conversionRate).toBe(18.8);
  });

  it('counts the visits without consent from the edge and the whole days, as a share of all visits', () => {
    const d = buildDashboard(
      parts({
        edgeSources: [{ channel: 'direct', referrerDomain: null, clicks: 3, withoutConsent: 2 }],
        daySources: [
          { channel: 'organic', referrerDomain: 'google.com', clicks: 4, withoutConsent: 1 },
          { channel: 'paid', referrerDomain: '', clicks: 1 },
        ],
      }),
    );
    // 3 of 8 visits: 37.5 %.
    expect(d.consent).toEqual({ visits: 8, withoutConsent: 3, percent: 37.5 });
    expect(buildDashboard(parts()).consent).toEqual({ visits: 0, withoutConsent: 0, percent: 0 });
  });

  it('counts visits (stored clicks) per channel (all six) and per referrer domain, leaving out entrances without one', () => {
    const d = buildDashboard(
      parts({
        edgeSources: [
          { channel: 'organic', referrerDomain: 'google.com', clicks: 1 },
          { channel: 'direct', referrerDomain: null, clicks: 4 },
        ],
        daySources: [
          { channel: 'organic', referrerDomain: 'google.com', clicks: 2 },
          { channel: 'social', referrerDomain: 'facebook.com', clicks: 3 },
          { channel: 'paid', referrerDomain: '', clicks: 1 },
        ],
      }),
    );
    expect(d.trafficSources).toEqual({ direct: 4, organic: 3, social: 3, email: 0, referral: 0, paid: 1 });
    expect(d.topReferrers).toEqual([
      { referrer: 'facebook.com', visits: 3 },
      { referrer: 'google.com', visits: 3 },
    ]);
  });

  it('charts one point per day of the window; the partial first day comes from the edge', () => {
    const d = buildDashboard(
      parts({
        edgePageviews: [['https://shop.test/a', 2]],
        edgeVisitors: 1,
        days: [{ t: iso('2026-03-30T00:00:00.000Z'), pageviews: 6, visitors: 4 }],
      }),
    );
    expect(d.bucket).toBe('day');
    expect(d.series).toHaveLength(8);
    expect(d.series[0]).toEqual({ t: '2026-03-24T00:00:00.000Z', pageviews: 2, visitors: 1 });
    expect(d.series[6]).toEqual({ t: '2026-03-30T00:00:00.000Z', pageviews: 6, visitors: 4 });
    expect(d.series[7]).toEqual({ t: '2026-03-31T00:00:00.000Z', pageviews: 0, visitors: 0 });
    expect(d.startDate).toBe('2026-03-24T15:30:00.000Z');
  });

  it('charts all time from the first day with data, and nothing when there is none', () => {
    const all = buildDashboard(
      parts({
        range: 'all',
        from: null,
        days: [{ t: iso('2026-03-29T00:00:00.000Z'), pageviews: 1, visitors: 1 }],
      }),
    );
    expect(all.series.map((s) => s.t)).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-30T00:00:00.000Z',
      '2026-03-31T00:00:00.000Z',
    ]);
    expect(all.startDate).toBeNull();
    expect(buildDashboard(parts({ range: 'all', from: null })).series).toEqual([]);
  });

  it('charts the last 24 hours per hour', () => {
    const d = buildDashboard(
      parts({
        range: '1d',
        from: NOW - 86_400_000,
        hours: [{ t: iso('2026-03-31T15:00:00.000Z'), pageviews: 3, visitors: 2 }],
      }),
    );
    expect(d.bucket).toBe('hour');
    expect(d.series).toHaveLength(25);
    expect(d.series[24]).toEqual({ t: '2026-03-31T15:00:00.000Z', pageviews: 3, visitors: 2 });
    expect(d.totalClicks).toBe(0);
  });

  it("splits a window at the website's local midnight", () => {
    expect(edgeEnd(iso('2026-03-24T15:30:00.000Z'), 'Asia/Kathmandu')).toBe(iso('2026-03-24T18:15:00.000Z'));
    expect(edgeEnd(iso('2026-03-24T18:15:00.000Z'), 'Asia/Kathmandu')).toBe(iso('2026-03-24T18:15:00.000Z'));
  });

  it('charts a raw 7-day range by local day, each point at the instant its day starts', () => {
    const d = buildDashboard(
      parts({
        timeZone: 'Asia/Kathmandu',
        raw: true,
        days: [
          { t: iso('2026-03-24T18:15:00.000Z'), pageviews: 2, visitors: 1 },
          { t: iso('2026-03-30T18:15:00.000Z'), pageviews: 5, visitors: 3 },
        ],
      }),
    );
    // 24 Mar 21:15 local to 31 Mar 21:15 local: eight local days.
    expect(d.series.map((p) => p.t)).toEqual([
      '2026-03-23T18:15:00.000Z',
      '2026-03-24T18:15:00.000Z',
      '2026-03-25T18:15:00.000Z',
      '2026-03-26T18:15:00.000Z',
      '2026-03-27T18:15:00.000Z',
      '2026-03-28T18:15:00.000Z',
      '2026-03-29T18:15:00.000Z',
      '2026-03-30T18:15:00.000Z',
    ]);
    expect(d.series[1]).toMatchObject({ pageviews: 2, visitors: 1 });
    expect(d.series[7]).toMatchObject({ pageviews: 5, visitors: 3 });
    expect(d.bucket).toBe('day');
  });

  it('charts the last 24 hours over a fall-back change with 1:00 PDT and 1:00 PST as two hours', () => {
    const now = iso('2026-11-02T08:00:00.000Z'); // midnight PST after the 25-hour day
    const d = buildDashboard(
      parts({ range: '1d', now, from: now - 86_400_000, timeZone: 'America/Los_Angeles', raw: true }),
    );
    // From 1:00 PDT (08:00 UTC) through 1:00 PST (09:00 UTC) to the hour holding now: 24 hours + 1.
    expect(d.series).toHaveLength(25);
    expect(d.series.slice(0, 2).map((p) => p.t)).toEqual([
      '2026-11-01T08:00:00.000Z',
      '2026-11-01T09:00:00.000Z',
    ]);
    expect(d.bucket).toBe('hour');
  });
});
