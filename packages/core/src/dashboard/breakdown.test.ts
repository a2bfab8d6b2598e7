import { describe, expect, it } from 'vitest';
import { breakdownPlan, breakdownRows, visitorShare } from './breakdown';

describe('breakdownPlan', () => {
  it('reads countries and devices from each event and lists the unknown ones', () => {
    expect(breakdownPlan('country')).toEqual({
      source: { kind: 'event', column: 'country' },
      listsUnknown: true,
      rateOfAll: false,
    });
    expect(breakdownPlan('device').source).toEqual({ kind: 'event', column: 'device_type' });
  });

  it('gives a session its entry page, exit page and source once, and leaves sessions without one out', () => {
    expect(breakdownPlan('entry_page').source).toEqual({
      kind: 'session',
      column: 'path',
      pick: 'first_pageview',
    });
    expect(breakdownPlan('exit_page').source).toEqual({
      kind: 'session',
      column: 'path',
      pick: 'last_pageview',
    });
    expect(breakdownPlan('utm_term')).toMatchObject({
      source: { kind: 'session', column: 'utm_term', pick: 'first_event' },
      listsUnknown: false,
    });
  });

  it('reads the key of a prop: dimension and rates goals against all visitors', () => {
    expect(breakdownPlan('prop:plan type').source).toEqual({ kind: 'visitor', of: 'prop', key: 'plan type' });
    expect(breakdownPlan('goal')).toMatchObject({ source: { kind: 'visitor', of: 'goal' }, rateOfAll: true });
  });

  it('reads regions, cities and screens from the event', () => {
    expect(breakdownPlan('region').source).toEqual({ kind: 'event', column: 'region' });
    expect(breakdownPlan('city').source).toEqual({ kind: 'event', column: 'city' });
    expect(breakdownPlan('screen').source).toEqual({ kind: 'event', column: 'screen' });
  });
});

describe('breakdownRows', () => {
  it("rates 1 converting visitor of 3 in the row at 33.3 %, and a goal's 2 of 8 in scope at 25 %", () => {
    const counted = { value: 'DE', visitors: 3, pageviews: 7, conversions: 1 };
    expect(breakdownRows(breakdownPlan('country'), [counted], 8)).toEqual([
      { value: 'DE', visitors: 3, pageviews: 7, convertedVisitors: 1, conversionRate: 33.3 },
    ]);
    const goal = { value: 'Purchase', visitors: 2, pageviews: 5, conversions: 2 };
    expect(breakdownRows(breakdownPlan('goal'), [goal], 8)).toEqual([
      { value: 'Purchase', visitors: 2, pageviews: 5, convertedVisitors: 2, conversionRate: 25 },
    ]);
  });

  it('labels campaign ids with their names and rates an empty row 0', () => {
    const rows = breakdownRows(
      breakdownPlan('campaign'),
      [
        { value: 'c1', visitors: 0, pageviews: 0, conversions: 0 },
        { value: null, visitors: 1, pageviews: 1, conversions: 0 },
      ],
      1,
      new Map([['c1', 'Spring']]),
    );
    expect(rows).toEqual([
      { value: 'c1', label: 'Spring', visitors: 0, pageviews: 0, convertedVisitors: 0, conversionRate: 0 },
      { value: null, visitors: 1, pageviews: 1, convertedVisitors: 0, conversionRate: 0 },
    ]);
  });

  it('shares 1 of 3 visitors as 33.3 %', () => {
    expect(visitorShare(1, 3)).toBe(33.3);
    expect(visitorShare(0, 0)).toBe(0);
  });
});
