import type { BreakdownRow } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { breakdownCsv, breakdownLabel, searchRows } from './breakdown-format';

const row = (value: string | null, visitors = 1): BreakdownRow => ({
  value,
  visitors,
  pageviews: visitors * 2,
  convertedVisitors: 0,
  conversionRate: 0,
});

describe('breakdown labels', () => {
  it('names countries, channels, devices and campaigns, and says Unknown for no value', () => {
    expect(breakdownLabel('country', row('DE'))).toBe(
      new Intl.DisplayNames(undefined, { type: 'region' }).of('DE'),
    );
    expect(breakdownLabel('channel', row('organic'))).toBe('Organic search');
    expect(breakdownLabel('device', row('mobile'))).toBe('Mobile');
    expect(breakdownLabel('screen', row('laptop'))).toBe('Laptop');
    expect(breakdownLabel('campaign', { value: 'c1', label: 'Spring' })).toBe('Spring');
    expect(breakdownLabel('browser', row(null))).toBe('Unknown');
  });

  it('names the country of a region or city', () => {
    const germany = new Intl.DisplayNames(undefined, { type: 'region' }).of('DE');
    expect(breakdownLabel('region', row('Bavaria, DE'))).toBe(`Bavaria, ${germany}`);
    expect(breakdownLabel('city', row('Munich, Bavaria, DE'))).toBe(`Munich, Bavaria, ${germany}`);
    expect(breakdownLabel('city', row('Singapore'))).toBe('Singapore');
  });

  it('finds rows by label or value, ignoring case', () => {
    const rows = [row('/pricing'), row('/blog')];
    expect(searchRows('page', rows, ' PRIC ')).toEqual([rows[0]]);
    expect(searchRows('page', rows, '')).toEqual(rows);
  });
});

describe('breakdownCsv', () => {
  it('writes one line per row with the share of all visitors, and escapes formula-like values', () => {
    const csv = breakdownCsv('utm_source', [row('=cmd()', 1), row('news, letter', 3)], 4);
    expect(csv.split('\r\n')).toEqual([
      'Value,Name,Visitors,Share %,Pageviews,Conversions,Conversion rate %',
      "'=cmd(),'=cmd(),1,25,2,0,0",
      '"news, letter","news, letter",3,75,6,0,0',
      '',
    ]);
  });
});
