import { describe, expect, it } from 'vitest';
import type { IngestEvent } from '../ingest/ingest-types';
import { breakdownDelta, isRolledBreakdown } from './breakdown-rollup';

const DAY = 86_400_000;
const T0 = Date.parse('2026-05-04T00:00:00.000Z');

const event = (visitorId: string, ts: number, path: string, extra: Partial<IngestEvent> = {}): IngestEvent =>
  ({
    visitorId,
    ts,
    path,
    type: 'pageview',
    country: 'DE',
    deviceType: 'desktop',
    browser: 'Chrome',
    os: 'Linux',
    screen: null,
    ...extra,
  }) as IngestEvent;

describe('breakdownDelta', () => {
  it("keeps each visitor's latest event per value and sums pageviews per value and day; '' for none", () => {
    const delta = breakdownDelta([
      event('a', T0 + 5, '/'),
      event('a', T0 + 9, '/pricing'),
      event('a', T0 + 7, '/x', { type: 'custom', country: 'FR' }),
      event('b', T0 + DAY + 1, '/', { country: null }),
    ]);
    const of = (dimension: string) => ({
      visitors: delta.visitors.filter((v) => v.dimension === dimension).map(({ dimension: _, ...v }) => v),
      days: delta.days.filter((d) => d.dimension === dimension).map(({ dimension: _, ...d }) => d),
    });
    expect(of('country')).toEqual({
      visitors: [
        { value: 'DE', visitorId: 'a', lastSeen: T0 + 9 },
        { value: 'FR', visitorId: 'a', lastSeen: T0 + 7 },
        { value: '', visitorId: 'b', lastSeen: T0 + DAY + 1 },
      ],
      days: [
        { day: T0, value: 'DE', pageviews: 2 },
        { day: T0 + DAY, value: '', pageviews: 1 },
      ],
    });
    // Pages: pageviews only (the custom event's path is not a page viewed).
    expect(of('page').visitors.map((v) => v.value)).toEqual(['/', '/pricing', '/']);
    expect(of('screen').days).toEqual([
      { day: T0, value: '', pageviews: 2 },
      { day: T0 + DAY, value: '', pageviews: 1 },
    ]);
  });

  it('rolls up the dimensions whose value is the event’s own', () => {
    expect(
      ['country', 'device', 'browser', 'os', 'screen', 'page'].every((d) => isRolledBreakdown(d as never)),
    ).toBe(true);
    expect(['entry_page', 'utm_source', 'goal', 'prop:plan'].some((d) => isRolledBreakdown(d as never))).toBe(
      false,
    );
  });
});
