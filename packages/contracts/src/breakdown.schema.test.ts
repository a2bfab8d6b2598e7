import { describe, expect, it } from 'vitest';
import { isBreakdownDimension } from './breakdown.constants';
import { BreakdownQuery } from './breakdown.schema';

describe('BreakdownQuery', () => {
  it('takes the named dimensions and prop:<key>, and refuses others', () => {
    expect(isBreakdownDimension('utm_term')).toBe(true);
    expect(isBreakdownDimension('prop:plan')).toBe(true);
    expect(isBreakdownDimension('prop:')).toBe(false);
    expect(isBreakdownDimension('prop:say "hi"')).toBe(false);
    expect(isBreakdownDimension('planet')).toBe(false);
  });

  it('defaults to 7 days, 100 rows from the first, and keeps the filters it knows', () => {
    const q = BreakdownQuery.parse({ websiteId: 'w', dimension: 'page', country: 'DE', colour: 'red' });
    expect(q).toEqual({
      websiteId: 'w',
      range: '7d',
      dimension: 'page',
      limit: 100,
      offset: 0,
      country: 'DE',
    });
  });
});
