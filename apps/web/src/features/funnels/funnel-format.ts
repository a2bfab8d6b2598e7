import type { FunnelPeriod } from '@ocx/contracts';

/** Spec §9 period names. */
export const PERIOD_LABELS: Record<FunnelPeriod, string> = {
  today: 'Today',
  week: 'Last 7 days',
  month: 'Last 30 days',
  all: 'All time',
};
export const periodOptions = (Object.keys(PERIOD_LABELS) as FunnelPeriod[]).map((value) => ({
  value,
  label: PERIOD_LABELS[value],
}));
export const isPeriod = (v: string | null): v is FunnelPeriod => v !== null && v in PERIOD_LABELS;

/** A 0..1 fraction as a percent with one decimal. */
export const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/** A change fraction as a signed percent; '—' when there is nothing to compare with. */
export function changeText(change: number | null): string {
  if (change === null) return '—';
  const value = (change * 100).toFixed(1);
  return change > 0 ? `+${value}%` : `${value}%`;
}

export const changeColor = (change: number | null, lowerIsBetter = false) =>
  change === null || change === 0 ? 'dimmed' : change > 0 !== lowerIsBetter ? 'teal' : 'red';

/**
 * Spec §9: time to conversion in whole minutes (seconds divided by 60); from an hour on, in hours
 * and minutes ('6 h 46 min', not '406 min'), and from a day on in days and hours.
 */
export function minutes(seconds: number | null): string {
  if (seconds === null) return '—';
  const total = Math.round(seconds / 60);
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  if (hours < 24) return total % 60 === 0 ? `${hours} h` : `${hours} h ${total % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** Spec §9: a step bar is as wide as its conversion rate, clamped to 20–100%. */
export const barWidth = (conversionRate: number) => Math.min(100, Math.max(20, conversionRate * 100));
