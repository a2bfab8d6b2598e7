import type { FunnelAnalytics, FunnelComparison } from '@ocx/contracts';

/** (current − previous) / previous; null when there is no previous value to compare with. */
export function relativeChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / previous;
}

/** Spec §3 funnel comparison of two analytics of the same funnel; steps are paired by id. */
export function compareFunnel(current: FunnelAnalytics, previous: FunnelAnalytics): FunnelComparison {
  const before = new Map(previous.stepConversions.map((s) => [s.stepId, s]));
  return {
    current,
    previous,
    comparison: {
      totalEntriesChange: relativeChange(current.totalEntries, previous.totalEntries),
      completionRateChange: relativeChange(current.completionRate, previous.completionRate),
      timeToConversionChange: relativeChange(
        current.averageTimeToConversion,
        previous.averageTimeToConversion,
      ),
      stepChanges: current.stepConversions.map((s) => {
        const p = before.get(s.stepId);
        return {
          stepId: s.stepId,
          stepName: s.stepName,
          visitorsChange: relativeChange(s.visitors, p?.visitors ?? null),
          conversionRateChange: relativeChange(s.conversionRate, p?.conversionRate ?? null),
        };
      }),
    },
  };
}

/** Spec §9: a step gets an improvement suggestion when its conversion rate change is below −0.05. */
export const IMPROVEMENT_THRESHOLD = -0.05;
export function needsImprovement(conversionRateChange: number | null): boolean {
  return conversionRateChange !== null && conversionRateChange < IMPROVEMENT_THRESHOLD;
}
