import { describe, expect, it } from 'vitest';
import {
  bucketSize,
  conversionRate,
  DAY_MS,
  fillSeries,
  HOUR_MS,
  pageUrl,
  percentOf,
  rangeStart,
  topCounts,
} from './dashboard-figures';

const NOW = Date.parse('2026-03-31T15:30:00.000Z');

describe('dashboard figures', () => {
  it('opens rolling windows ending now: 24 hours, 7 and 30 days, or all time', () => {
    expect(rangeStart('1d', NOW)).toBe(Date.parse('2026-03-30T15:30:00.000Z'));
    expect(rangeStart('7d', NOW)).toBe(Date.parse('2026-03-24T15:30:00.000Z'));
    expect(rangeStart('30d', NOW)).toBe(Date.parse('2026-03-01T15:30:00.000Z'));
    expect(rangeStart('all', NOW)).toBeNull();
    expect(bucketSize('1d')).toBe(HOUR_MS);
    expect(bucketSize('30d')).toBe(DAY_MS);
  });

  it('counts a page URL without its query string or fragment', () => {
    expect(pageUrl('https://shop.test/p?utm_source=x#top')).toBe('https://shop.test/p');
    expect(pageUrl('https://shop.test/p#a?b')).toBe('https://shop.test/p');
    expect(pageUrl('https://shop.test/')).toBe('https://shop.test/');
  });

  it('rounds percentages and the conversion rate to one decimal, 0 without clicks', () => {
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

  it('fills every bucket of the window, zero where nothing happened', () => {
    const day = (iso: string) => Date.parse(`${iso}T00:00:00.000Z`);
    const series = fillSeries(Date.parse('2026-03-28T10:00:00.000Z'), NOW, DAY_MS, [
      { t: day('2026-03-29'), clicks: 4, visitors: 2 },
      { t: day('2026-03-31'), clicks: 1, visitors: 1 },
    ]);
    expect(series).toEqual([
      { t: day('2026-03-28'), clicks: 0, visitors: 0 },
      { t: day('2026-03-29'), clicks: 4, visitors: 2 },
      { t: day('2026-03-30'), clicks: 0, visitors: 0 },
      { t: day('2026-03-31'), clicks: 1, visitors: 1 },
    ]);
    expect(fillSeries(NOW - DAY_MS, NOW, HOUR_MS, [])).toHaveLength(25);
  });
});
