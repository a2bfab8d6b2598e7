import type { FunnelAnalytics } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { compareFunnel, needsImprovement, relativeChange } from './funnel-comparison';

function analytics(entries: number, second: number, seconds: number | null): FunnelAnalytics {
  return {
    funnelId: 'f',
    timeRange: 'week',
    periodStart: null,
    periodEnd: '2026-11-22T00:00:00.000Z',
    totalEntries: entries,
    completionRate: entries ? second / entries : 0,
    averageTimeToConversion: seconds,
    stepConversions: [
      { stepId: 'a', stepName: 'A', visitors: entries, conversionRate: entries ? 1 : 0, dropOff: null },
      {
        stepId: 'b',
        stepName: 'B',
        visitors: second,
        conversionRate: entries ? second / entries : 0,
        dropOff: null,
      },
    ],
  };
}

describe('funnel comparison', () => {
  it('gives changes as fractions of the previous value, null without one', () => {
    expect(relativeChange(6, 4)).toBe(0.5);
    expect(relativeChange(3, 4)).toBe(-0.25);
    expect(relativeChange(3, 0)).toBeNull();
    expect(relativeChange(null, 4)).toBeNull();
  });

  it('compares entries, completion, time and each step', () => {
    // current: 4 enter, 1 completes in 300 s; previous: 8 enter, 4 complete in 200 s
    const { comparison } = compareFunnel(analytics(4, 1, 300), analytics(8, 4, 200));
    expect(comparison.totalEntriesChange).toBe(-0.5); // (4 − 8) / 8
    expect(comparison.completionRateChange).toBe(-0.5); // (0.25 − 0.5) / 0.5
    expect(comparison.timeToConversionChange).toBe(0.5); // (300 − 200) / 200
    expect(comparison.stepChanges).toEqual([
      { stepId: 'a', stepName: 'A', visitorsChange: -0.5, conversionRateChange: 0 },
      { stepId: 'b', stepName: 'B', visitorsChange: -0.75, conversionRateChange: -0.5 },
    ]);
  });

  it('suggests improving a step whose conversion rate fell by more than 0.05', () => {
    expect(needsImprovement(-0.06)).toBe(true);
    expect(needsImprovement(-0.05)).toBe(false);
    expect(needsImprovement(null)).toBe(false);
  });
});
