import { describe, expect, it } from 'vitest';
import { defaultRange, logQueryString, pageCount, rangeErrors, rangeQuery, toDateInput } from './log-query';

describe('log query', () => {
  it('sends only the parameters that have a value, URL-encoded', () => {
    expect(
      logQueryString({
        websiteId: 'site_1',
        startDate: '2025-03-01T00:00:00.000Z',
        limit: 10,
        offset: 20,
        campaign: 'none',
        source: 'news & more',
        medium: '',
        goal: undefined,
      }),
    ).toBe(
      'websiteId=site_1&startDate=2025-03-01T00%3A00%3A00.000Z&limit=10&offset=20&campaign=none&source=news+%26+more',
    );
  });

  it('keeps offset 0, which is a real value', () => {
    expect(logQueryString({ websiteId: 'all', limit: 5, offset: 0 })).toBe('websiteId=all&limit=5&offset=0');
  });

  it('defaults to the 30 days up to today', () => {
    expect(defaultRange(new Date(2025, 2, 31, 15, 30))).toEqual({ start: '2025-03-01', end: '2025-03-31' });
  });

  it("ends the default range on the website's today", () => {
    // 31 March 21:00 UTC is already 1 April in Kathmandu.
    const now = new Date(Date.UTC(2025, 2, 31, 21));
    expect(defaultRange(now, 'Asia/Kathmandu')).toEqual({ start: '2025-03-02', end: '2025-04-01' });
    expect(defaultRange(now, 'UTC')).toEqual({ start: '2025-03-01', end: '2025-03-31' });
  });

  it("sends the date inputs as plain dates, which the server reads in the website's time zone", () => {
    expect(rangeQuery({ start: '2025-03-01', end: '2025-03-31' })).toEqual({
      startDate: '2025-03-01',
      endDate: '2025-03-31',
    });
    expect(rangeQuery({ start: '2025-02-30', end: 'x' })).toEqual({});
    expect(rangeQuery({ start: '', end: '' })).toEqual({});
    expect(toDateInput(new Date(2025, 0, 5))).toBe('2025-01-05');
  });

  it('refuses an end date before the start date, and accepts one day', () => {
    expect(rangeErrors({ start: '2025-03-02', end: '2025-03-01' })).toEqual({
      end: 'The end date must not be before the start date',
    });
    expect(rangeErrors({ start: '2025-03-01', end: '2025-03-01' })).toEqual({});
  });

  it('asks for a date left empty, and for a real one on a day that does not exist', () => {
    expect(rangeErrors({ start: '', end: '2025-03-01' })).toEqual({ start: 'Please enter a start date' });
    expect(rangeErrors({ start: '2025-02-30', end: '' })).toEqual({
      start: 'Please enter a valid date',
      end: 'Please enter an end date',
    });
  });

  it('counts pages: 0 rows is one empty page, 25 rows at 10 a page are 3 pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(25, 10)).toBe(3);
    expect(pageCount(50_000, 100)).toBe(500);
  });
});
