import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../durations';
import { comparisonPeriod, type ReportPeriod, resolvePeriod, yearBefore } from './report-period';

const at = (iso: string) => Date.parse(iso);
/** A period as readable ISO instants and its local dates. */
const shown = (p: ReturnType<typeof resolvePeriod> | null) => {
  if (!p || !('from' in p)) throw new Error(`not a period: ${JSON.stringify(p)}`);
  return { from: new Date(p.from).toISOString(), to: new Date(p.to).toISOString(), days: p.days };
};
const days = (first: string, last: string) => ({ first, last });

describe('calendar ranges in the website time zone', () => {
  const now = at('2026-11-29T10:00:00Z');
  it.each([
    ['today', '2026-11-29T00:00:00.000Z', '2026-11-30T00:00:00.000Z', days('2026-11-29', '2026-11-29')],
    ['yesterday', '2026-11-28T00:00:00.000Z', '2026-11-29T00:00:00.000Z', days('2026-11-28', '2026-11-28')],
    ['thisMonth', '2026-11-01T00:00:00.000Z', '2026-11-30T00:00:00.000Z', days('2026-11-01', '2026-11-29')],
    ['lastMonth', '2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z', days('2026-10-01', '2026-10-31')],
    ['thisYear', '2026-01-01T00:00:00.000Z', '2026-11-30T00:00:00.000Z', days('2026-01-01', '2026-11-29')],
    ['12mo', '2025-11-01T00:00:00.000Z', '2026-11-30T00:00:00.000Z', days('2025-11-01', '2026-11-29')],
  ] as const)('%s in UTC', (range, from, to, d) => {
    expect(shown(resolvePeriod({ range }, 'UTC', now))).toEqual({ from, to, days: d });
  });

  it('takes today from the local clock: 20:00 UTC is already tomorrow in Kathmandu (+05:45)', () => {
    expect(shown(resolvePeriod({ range: 'today' }, 'Asia/Kathmandu', at('2026-11-29T20:00:00Z')))).toEqual({
      from: '2026-11-29T18:15:00.000Z',
      to: '2026-11-30T18:15:00.000Z',
      days: days('2026-11-30', '2026-11-30'),
    });
  });

  it('gives last month across a year end and a 23-hour day where the clocks go forward', () => {
    expect(shown(resolvePeriod({ range: 'lastMonth' }, 'UTC', at('2026-01-15T12:00:00Z'))).days).toEqual(
      days('2025-12-01', '2025-12-31'),
    );
    const springForward = resolvePeriod(
      { range: 'yesterday' },
      'America/New_York',
      at('2026-03-09T15:00:00Z'),
    );
    expect(shown(springForward)).toEqual({
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
      days: days('2026-03-08', '2026-03-08'),
    });
  });

  it('keeps the rolling windows ending now, all time from the beginning', () => {
    expect(resolvePeriod({ range: '7d' }, 'Asia/Kathmandu', now)).toEqual({
      from: now - 7 * DAY_MS,
      to: now,
      days: null,
    });
    expect(resolvePeriod({ range: 'all' }, 'UTC', now)).toEqual({ from: 0, to: now, days: null });
  });
});

describe('custom ranges', () => {
  const now = at('2026-11-29T10:00:00Z');
  it('covers both local dates', () => {
    expect(
      shown(resolvePeriod({ range: 'custom', from: '2026-11-27', to: '2026-11-28' }, 'Europe/Berlin', now)),
    ).toEqual({
      from: '2026-11-26T23:00:00.000Z',
      to: '2026-11-28T23:00:00.000Z',
      days: days('2026-11-27', '2026-11-28'),
    });
  });

  it.each([
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from', 'from must be a date (YYYY-MM-DD)'],
    [{ from: '2026-02-01' }, 'to', 'to must be a date (YYYY-MM-DD)'],
    [{ from: '2026-02-10', to: '2026-02-09' }, 'to', 'to must not be before from'],
    [{ to: '2026-02-09' }, 'from', 'from must be a date (YYYY-MM-DD)'],
  ])('refuses %j at its field', (dates, field, message) => {
    expect(resolvePeriod({ range: 'custom', ...dates }, 'UTC', now)).toEqual({ field, message });
  });
});

describe('comparison periods', () => {
  const now = at('2026-11-29T10:00:00Z');
  const period = (range: 'today' | 'thisMonth' | 'lastMonth' | 'thisYear' | '7d' | 'all') =>
    resolvePeriod({ range }, 'UTC', now) as ReportPeriod;

  it.each([
    ['today', days('2026-11-28', '2026-11-28')],
    ['thisMonth', days('2026-10-03', '2026-10-31')],
    ['lastMonth', days('2026-08-31', '2026-09-30')],
  ] as const)('previous of %s: as many whole days, ending where it starts', (range, expected) => {
    expect(shown(comparisonPeriod(period(range), { mode: 'previous' }, 'UTC')).days).toEqual(expected);
  });

  it('same dates a year earlier, 29 February as the 28th', () => {
    expect(shown(comparisonPeriod(period('thisYear'), { mode: 'year' }, 'UTC')).days).toEqual(
      days('2025-01-01', '2025-11-29'),
    );
    const leap = resolvePeriod(
      { range: 'custom', from: '2024-02-29', to: '2024-03-01' },
      'UTC',
      now,
    ) as ReportPeriod;
    expect(shown(comparisonPeriod(leap, { mode: 'year' }, 'UTC')).days).toEqual(
      days('2023-02-28', '2023-03-01'),
    );
    expect(new Date(yearBefore(Date.UTC(2024, 1, 29, 13, 5))).toISOString()).toBe('2023-02-28T13:05:00.000Z');
  });

  it('rolling windows: the window before, or the same instants of the wall clock a year back', () => {
    const week = period('7d');
    expect(comparisonPeriod(week, { mode: 'previous' }, 'UTC')).toEqual({
      from: week.from - 7 * DAY_MS,
      to: week.from,
      days: null,
    });
    expect(comparisonPeriod(week, { mode: 'year' }, 'UTC')).toEqual({
      from: week.from - 365 * DAY_MS,
      to: week.to - 365 * DAY_MS,
      days: null,
    });
  });

  it('has nothing before all time, and a custom period or its refusal', () => {
    expect(comparisonPeriod(period('all'), { mode: 'previous' }, 'UTC')).toBeNull();
    expect(comparisonPeriod(period('all'), { mode: 'year' }, 'UTC')).toBeNull();
    expect(
      shown(
        comparisonPeriod(period('today'), { mode: 'custom', from: '2025-11-28', to: '2025-11-28' }, 'UTC'),
      ).days,
    ).toEqual(days('2025-11-28', '2025-11-28'));
    expect(comparisonPeriod(period('today'), { mode: 'custom', from: '2025-11-28' }, 'UTC')).toEqual({
      field: 'compareTo',
      message: 'compareTo must be a date (YYYY-MM-DD)',
    });
  });
});
