import { describe, expect, it } from 'vitest';
import { ALL, activeFilterLabels, campaignOptions, selectData } from './filter-options';

describe('filter options', () => {
  it("lists campaigns by name with clicks without a campaign as 'None', sent as 'none'", () => {
    expect(
      campaignOptions([
        { id: 'c2', name: 'Summer' },
        { id: null, name: null },
        { id: 'c1', name: 'Spring' },
      ]),
    ).toEqual([
      { value: 'none', label: 'None' },
      { value: 'c1', label: 'Spring' },
      { value: 'c2', label: 'Summer' },
    ]);
  });

  it("puts 'All' first and keeps a chosen value that is no longer in range", () => {
    const options = [{ value: 'google', label: 'google' }];
    expect(selectData(options, undefined)).toEqual([{ value: ALL, label: 'All' }, ...options]);
    expect(selectData(options, 'bing').at(-1)).toEqual({ value: 'bing', label: 'bing' });
  });

  it('names the applied filters by their labels', () => {
    const selects = [
      { key: 'campaign' as const, label: 'Campaign', options: [{ value: 'c1', label: 'Spring' }] },
      { key: 'source' as const, label: 'Source', options: [] },
    ];
    expect(activeFilterLabels({ campaign: 'c1', source: 'google' }, selects)).toEqual([
      'Campaign: Spring',
      'Source: google',
    ]);
  });
});
