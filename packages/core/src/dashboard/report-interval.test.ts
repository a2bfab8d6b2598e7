import { describe, expect, it } from 'vitest';
import { alignComparison, bucketStarts, defaultInterval, intervalsFor } from './report-interval';
import { type ReportPeriod, resolvePeriod } from './report-period';

const at = (iso: string) => Date.parse(iso);
const now = at('2026-11-29T10:00:00Z');
const period = (query: Parameters<typeof resolvePeriod>[0], zone = 'UTC', when = now) =>
  resolvePeriod(query, zone, when) as ReportPeriod;
const isoList = (ts: number[]) => ts.map((t) => new Date(t).toISOString());

describe('intervals', () => {
  it('offers hours only up to two days, and picks hours, days or months by length', () => {
    expect([intervalsFor(period({ range: 'today' })), defaultInterval(period({ range: 'today' }))]).toEqual([
      ['hour', 'day', 'week', 'month'],
      'hour',
    ]);
    const twoDays = period({ range: 'custom', from: '2026-10-31', to: '2026-11-01' }, 'America/New_York');
    expect(intervalsFor(twoDays)).toContain('hour');
    const threeDays = period({ range: 'custom', from: '2026-11-01', to: '2026-11-03' });
    expect([intervalsFor(threeDays), defaultInterval(threeDays)]).toEqual([['day', 'week', 'month'], 'day']);
    expect(defaultInterval(period({ range: '30d' }))).toBe('day');
    expect(defaultInterval(period({ range: '12mo' }))).toBe('month');
    const fiveYears = period({ range: 'custom', from: '2021-01-01', to: '2025-12-31' });
    expect(intervalsFor(fiveYears)).toEqual(['week', 'month']);
  });
});

describe('buckets in the website time zone', () => {
  it('has 25 hours on the day the clocks go back and 23 on the day they go forward', () => {
    const back = period({ range: 'custom', from: '2026-11-01', to: '2026-11-01' }, 'America/New_York');
    const forward = period({ range: 'custom', from: '2026-03-08', to: '2026-03-08' }, 'America/New_York');
    expect(bucketStarts('America/New_York', back, 'hour')).toHaveLength(25);
    expect(bucketStarts('America/New_York', forward, 'hour')).toHaveLength(23);
  });

  it('starts days at local midnight (+05:45)', () => {
    const p = period({ range: 'custom', from: '2026-11-27', to: '2026-11-28' }, 'Asia/Kathmandu');
    expect(isoList(bucketStarts('Asia/Kathmandu', p, 'day'))).toEqual([
      '2026-11-26T18:15:00.000Z',
      '2026-11-27T18:15:00.000Z',
    ]);
  });

  it('starts weeks on Monday (ISO), the first holding the period start', () => {
    // 1 November 2026 is a Sunday: its week began on Monday 26 October.
    expect(isoList(bucketStarts('UTC', period({ range: 'thisMonth' }), 'week'))).toEqual([
      '2026-10-26T00:00:00.000Z',
      '2026-11-02T00:00:00.000Z',
      '2026-11-09T00:00:00.000Z',
      '2026-11-16T00:00:00.000Z',
      '2026-11-23T00:00:00.000Z',
    ]);
  });

  it('starts months on the first, across a change of offset (Berlin)', () => {
    const p = period({ range: 'custom', from: '2026-02-15', to: '2026-04-02' }, 'Europe/Berlin');
    expect(isoList(bucketStarts('Europe/Berlin', p, 'month'))).toEqual([
      '2026-01-31T23:00:00.000Z',
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
    ]);
    expect(bucketStarts('UTC', period({ range: '12mo' }), 'month')).toHaveLength(13);
  });
});

describe('comparison beside the range', () => {
  it('puts bucket i beside bucket i; a missing bucket counts 0 and extra ones are left out', () => {
    expect(alignComparison([5, 6, 7], [1, 2])).toEqual([1, 2, 0]);
    expect(alignComparison([5, 6], [1, 2, 3])).toEqual([1, 2]);
  });
});
