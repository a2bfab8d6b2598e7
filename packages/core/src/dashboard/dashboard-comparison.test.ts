import { describe, expect, it } from 'vitest';
import { buildPrevious, periodChange, previousRangeWindow } from './dashboard-comparison';

const NOW = Date.UTC(2026, 10, 25, 12, 30);
const DAY = 86_400_000;

describe('dashboard comparison', () => {
  it('the previous period is as long as the range and ends where it starts', () => {
    expect(previousRangeWindow('1d', NOW)).toEqual({ from: NOW - 2 * DAY, to: NOW - DAY });
    expect(previousRangeWindow('7d', NOW)).toEqual({ from: NOW - 14 * DAY, to: NOW - 7 * DAY });
    expect(previousRangeWindow('30d', NOW)).toEqual({ from: NOW - 60 * DAY, to: NOW - 30 * DAY });
    expect(previousRangeWindow('all', NOW)).toBeNull();
  });

  it('builds the cards of the previous period, the rate of converting visitors over visitors', () => {
    const window = { from: NOW - 14 * DAY, to: NOW - 7 * DAY };
    const totals = { pageviews: 300, visitors: 120, paths: 9, conversions: 7, convertedVisitors: 5 };
    expect(buildPrevious(window, totals)).toEqual({
      startDate: '2026-11-11T12:30:00.000Z',
      endDate: '2026-11-18T12:30:00.000Z',
      totalClicks: 300,
      uniqueVisitors: 120,
      pagesVisited: 9,
      conversions: 7,
      convertedVisitors: 5,
      // 5 of 120 visitors, not 7 conversions of 300 page views.
      conversionRate: 4.2,
    });
  });

  it('changes are fractions, and none against an empty previous period', () => {
    expect(periodChange(125, 100)).toBe(0.25);
    expect(periodChange(50, 100)).toBe(-0.5);
    expect(periodChange(7, 0)).toBeNull();
    expect(periodChange(0, 0)).toBeNull();
  });
});
