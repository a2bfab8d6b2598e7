import { describe, expect, it } from 'vitest';
import { bucketLabel, formatPercent, isDashboardRange, pagePath } from './dashboard-format';

describe('dashboard format', () => {
  it('shows a top page by its path with its query, and an address it cannot read as it is', () => {
    expect(pagePath('https://shop.test/')).toBe('/');
    expect(pagePath('https://shop.test/sale/shoes?size=42#top')).toBe('/sale/shoes?size=42#top');
    expect(pagePath('not a url')).toBe('not a url');
  });

  it('offers the three ranges of the spec; 1d is not one of them', () => {
    expect(['7d', '30d', 'all', '1d'].map(isDashboardRange)).toEqual([true, true, true, false]);
  });

  it('shows percentages with one decimal', () => {
    expect(formatPercent(14.3)).toBe('14.3%');
    expect(formatPercent(100)).toBe('100.0%');
  });

  it("labels days and hours in the website's zone, as the server buckets them", () => {
    expect(bucketLabel('2026-03-24T00:00:00.000Z', 'day', 'UTC', 'en-US')).toBe('Mar 24');
    expect(bucketLabel('2026-03-24T15:00:00.000Z', 'hour', 'UTC', 'en-GB')).toBe('15:00');
    // Kathmandu's 25 March starts at 24 March 18:15 UTC; its hours at :15 past the UTC hour.
    expect(bucketLabel('2026-03-24T18:15:00.000Z', 'day', 'Asia/Kathmandu', 'en-US')).toBe('Mar 25');
    expect(bucketLabel('2026-03-24T18:15:00.000Z', 'hour', 'Asia/Kathmandu', 'en-GB')).toBe('00:00');
  });
});
