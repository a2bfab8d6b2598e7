import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../durations';
import { conversionRate, fillBuckets, pageUrl, percentOf, rangeStart, topCounts } from './dashboard-figures';

const NOW = Date.parse('2026-03-31T15:30:00.000Z');

describe('dashboard figures', () => {
  it('opens rolling windows ending now: 24 hours, 7 and 30 days, or all time', () => {
    expect(rangeStart('1d', NOW)).toBe(Date.parse('2026-03-30T15:30:00.000Z'));
    expect(rangeStart('7d', NOW)).toBe(Date.parse('2026-03-24T15:30:00.000Z'));
    expect(rangeStart('30d', NOW)).toBe(Date.parse('2026-03-01T15:30:00.000Z'));
    expect(rangeStart('all', NOW)).toBeNull();
  });

  it('counts a page URL without its query string or fragment', () => {
    expect(pageUrl('https://shop.test/p?utm_source=x#top')).toBe('https://shop.test/p');
    expect(pageUrl('https://shop.test/p#a?b')).toBe('https://shop.test/p');
    expect(pageUrl('https://shop.test/')).toBe('https://shop.test/');
  });

  it('rounds percentages and the conversion rate to one decimal, 0 without visitors', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(5, 5)).toBe(100);
    expect(conversionRate(3, 40)).toBe(7.5);
    expect(conversionRate(1, 7)).toBe(14.3);
    expect(conversionRate(4, 0)).toBe(0);
  });

  it('keeps the ten largest counts, ties by name', () => {
    const counts = new Map<string, number>([
      ['b', 2],
      ['a', 2],
      ['c', 5],
      ['z', 0],
    ]);
    expect(topCounts(counts)).toEqual([
      ['c', 5],
      ['a', 2],
      ['b', 2],
    ]);
    const many = new Map(
      Array.from({ length: 12 }, (_, i) => [`p${String(i).padStart(2, '0')}`, 12 - i] as const),
    );
    const top = topCounts(many);
    expect(top).toHaveLength(10);
    expect(top[9]).toEqual(['p09', 3]);
  });

  it('fills every bucket it is given, zero where nothing happened, each point in the bucket holding it', () => {
    const day = (iso: string) => Date.parse(`${iso}T00:00:00.000Z`);
    // Los Angeles days around the spring-forward change: 24, 23 and 24 hours long.
    const starts = [
      Date.parse('2026-03-07T08:00:00Z'),
      Date.parse('2026-03-08T08:00:00Z'),
      Date.parse('2026-03-09T07:00:00Z'),
    ];
    const series = fillBuckets(starts, [
      { t: day('2026-03-07'), pageviews: 9, visitors: 9 }, // before the first bucket: ignored
      { t: Date.parse('2026-03-09T06:59:59Z'), pageviews: 4, visitors: 2 },
      { t: Date.parse('2026-03-09T07:00:00Z'), pageviews: 1, visitors: 1 },
    ]);
    expect(series).toEqual([
      { t: starts[0], pageviews: 0, visitors: 0 },
      { t: starts[1], pageviews: 4, visitors: 2 },
      { t: starts[2], pageviews: 1, visitors: 1 },
    ]);
    expect(fillBuckets([], [{ t: NOW, pageviews: 1, visitors: 1 }])).toEqual([]);
    expect(HOUR_MS * 24).toBe(DAY_MS);
  });
});
