import { describe, expect, it } from 'vitest';
import { logViewFromParams, paramsWithLogView } from './log-address';

const now = new Date(2025, 2, 31, 12);

describe('a log view in the address', () => {
  it('reads the plain address as the last 30 days, page 1 of 10 rows, no filter', () => {
    expect(logViewFromParams(new URLSearchParams(), now)).toEqual({
      range: { start: '2025-03-01', end: '2025-03-31' },
      filters: {},
      page: 0,
      pageSize: 10,
    });
  });

  it('reads dates, filters, page and size, and ignores what it does not know', () => {
    const params = new URLSearchParams(
      'from=2025-01-01&to=2025-01-31&source=google&goal=Purchase&page=3&size=25&tab=x',
    );
    expect(logViewFromParams(params, now)).toEqual({
      range: { start: '2025-01-01', end: '2025-01-31' },
      filters: { source: 'google', goal: 'Purchase' },
      page: 2,
      pageSize: 25,
    });
  });

  it('takes a misspelt date, page or size as the default', () => {
    const view = logViewFromParams(new URLSearchParams('from=yesterday&page=-4&size=7'), now);
    expect(view).toMatchObject({ range: { start: '2025-03-01' }, page: 0, pageSize: 10 });
  });

  it('writes only what differs from the default, and keeps other keys', () => {
    const written = paramsWithLogView(
      new URLSearchParams('tab=x&page=4'),
      {
        range: { start: '2025-01-01', end: '2025-01-31' },
        filters: { medium: 'cpc' },
        page: 1,
        pageSize: 10,
      },
      now,
    );
    expect(written.toString()).toBe('tab=x&from=2025-01-01&to=2025-01-31&medium=cpc&page=2');
    const plain = paramsWithLogView(
      new URLSearchParams('source=a'),
      logViewFromParams(new URLSearchParams(), now),
      now,
    );
    expect(plain.toString()).toBe('');
  });

  it('reads back what it wrote', () => {
    const view = {
      range: { start: '2024-12-01', end: '2025-02-01' },
      filters: { campaign: 'none', source: 'a b&c' },
      page: 4,
      pageSize: 50,
    };
    expect(logViewFromParams(paramsWithLogView(new URLSearchParams(), view, now), now)).toEqual(view);
  });
});
