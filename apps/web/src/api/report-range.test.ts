import { describe, expect, it } from 'vitest';
import { isRangePreset, rangeFor } from './report-range';

describe('report range presets', () => {
  it('turns a preset into ISO bounds ending now; all time starts at the epoch', () => {
    const now = Date.parse('2026-03-31T12:00:00.000Z');
    expect(rangeFor('7d', now)).toEqual({
      startDate: '2026-03-24T12:00:00.000Z',
      endDate: '2026-03-31T12:00:00.000Z',
    });
    expect(rangeFor('30d', now).startDate).toBe('2026-03-01T12:00:00.000Z');
    expect(rangeFor('90d', now).startDate).toBe('2025-12-31T12:00:00.000Z');
    expect(rangeFor('all', now).startDate).toBe('1970-01-01T00:00:00.000Z');
  });

  it('knows its presets and nothing else', () => {
    expect(['7d', '30d', '90d', 'all', '1d', 'toString'].map(isRangePreset)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
