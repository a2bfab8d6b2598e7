import { describe, expect, it } from 'vitest';
import type { IngestEvent } from '../ingest/ingest-types';
import type { ClickRow } from '../ingest/write-plan';
import { localDayOf } from '../time-zone/local-time';
import { dashboardDelta } from './dashboard-rollup';

const D1 = Date.parse('2026-03-30T00:00:00.000Z');
const D2 = Date.parse('2026-03-31T00:00:00.000Z');

function event(
  visitorId: string,
  ts: number,
  url: string,
  type: IngestEvent['type'] = 'pageview',
): IngestEvent {
  return { visitorId, ts, url, path: new URL(url).pathname, type } as IngestEvent;
}
function click(ts: number, channel: string, referrerDomain: string | null, visitorId = 'v1'): ClickRow {
  return { ts, channel, referrerDomain, visitorId } as ClickRow;
}

describe('dashboard rollup delta', () => {
  it('sums pageviews and all events per day, pageviews per page URL, and keeps who was seen when', () => {
    const delta = dashboardDelta(
      [
        event('v1', D1 + 1000, 'https://shop.test/a?x=1'),
        event('v1', D1 + 2000, 'https://shop.test/a#top'),
        event('v2', D1 + 3000, 'https://shop.test/b'),
        event('v1', D2 + 1000, 'https://shop.test/a'),
        event('v3', D2 + 5000, 'https://shop.test/a', 'custom'),
      ],
      [],
    );
    // Quotas count every event: day 2 has one pageview and one custom event.
    expect(delta.days).toEqual([
      { day: D1, pageviews: 3, events: 3 },
      { day: D2, pageviews: 1, events: 2 },
    ]);
    expect(delta.pageDays).toEqual([
      { day: D1, page: 'https://shop.test/a', pageviews: 2 },
      { day: D1, page: 'https://shop.test/b', pageviews: 1 },
      { day: D2, page: 'https://shop.test/a', pageviews: 1 },
    ]);
    // A custom event makes its sender a visitor of the day, but not a pageview.
    expect(delta.visitorDays).toEqual([
      { day: D1, visitorId: 'v1' },
      { day: D1, visitorId: 'v2' },
      { day: D2, visitorId: 'v1' },
      { day: D2, visitorId: 'v3' },
    ]);
    expect(delta.visitors).toEqual([
      { visitorId: 'v1', lastSeen: D2 + 1000 },
      { visitorId: 'v2', lastSeen: D1 + 3000 },
      { visitorId: 'v3', lastSeen: D2 + 5000 },
    ]);
    expect(delta.pages).toEqual([
      { page: 'https://shop.test/a', path: '/a', lastSeen: D2 + 1000 },
      { page: 'https://shop.test/b', path: '/b', lastSeen: D1 + 3000 },
    ]);
  });

  it('counts clicks per day, channel and referrer domain, and those of hash visitors (no consent)', () => {
    const delta = dashboardDelta(
      [],
      [
        click(D1 + 1, 'organic', 'google.com', 'h.0a1b2c'),
        click(D1 + 2, 'organic', 'google.com'),
        click(D1 + 3, 'direct', null, 'h.0a1b2c'),
        click(D2 + 1, 'organic', 'google.com'),
      ],
    );
    expect(delta.sourceDays).toEqual([
      { day: D1, channel: 'organic', referrerDomain: 'google.com', clicks: 2, withoutConsent: 1 },
      { day: D1, channel: 'direct', referrerDomain: '', clicks: 1, withoutConsent: 1 },
      { day: D2, channel: 'organic', referrerDomain: 'google.com', clicks: 1, withoutConsent: 0 },
    ]);
  });

  it("keys days by the website's local day and events also by UTC day, which quotas count", () => {
    const midnight = Date.parse('2026-03-30T18:15:00.000Z'); // 31 March 00:00 in Kathmandu
    const delta = dashboardDelta(
      [
        event('v1', midnight - 600_000, 'https://shop.test/a'),
        event('v2', midnight + 600_000, 'https://shop.test/a'),
      ],
      [click(midnight + 600_000, 'direct', null)],
      localDayOf('Asia/Kathmandu'),
    );
    const before = Date.parse('2026-03-29T18:15:00.000Z');
    expect(delta.days).toEqual([
      { day: before, pageviews: 1, events: 1 },
      { day: midnight, pageviews: 1, events: 1 },
    ]);
    expect(delta.eventDays).toEqual([{ day: D1, events: 2 }]);
    expect(delta.visitorDays).toEqual([
      { day: before, visitorId: 'v1' },
      { day: midnight, visitorId: 'v2' },
    ]);
    expect(delta.sourceDays).toEqual([
      { day: midnight, channel: 'direct', referrerDomain: '', clicks: 1, withoutConsent: 0 },
    ]);
  });
});
