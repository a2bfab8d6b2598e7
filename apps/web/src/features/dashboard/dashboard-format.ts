import { type AttributionModel, type Dashboard, type TrafficChannel, trafficChannels } from '@ocx/contracts';
import { CHANNEL_LABELS } from '@ocx/core';
import { dateTimeFormat } from '../../components/intl-cache';

/** Spec §2: the switch offers 7 Days (default), 30 Days and All Time; 1d stays internal. */
export const dashboardRangeOptions = [
  { value: '7d', label: '7 Days' },
  { value: '30d', label: '30 Days' },
  { value: 'all', label: 'All Time' },
] as const;
export type DashboardRangeOption = (typeof dashboardRangeOptions)[number]['value'];

export function isDashboardRange(value: string): value is DashboardRangeOption {
  return dashboardRangeOptions.some((o) => o.value === value);
}

/** Spec §4 dashboard wording of the models. */
export const DASHBOARD_MODEL_WORDS: Record<AttributionModel, string> = {
  first_touch: 'first',
  last_touch: 'last',
  linear: 'linear',
  time_decay: 'time-decay',
  position_based: 'position-based',
  u_shaped: 'u-shaped',
  w_shaped: 'w-shaped',
  custom_weight: 'custom-weight',
};

/** The six traffic buckets, in the contracts' order, which the distribution shows them in. */
export const CHANNEL_CARDS: { channel: TrafficChannel; label: string }[] = trafficChannels.map((channel) => ({
  channel,
  label: CHANNEL_LABELS[channel],
}));

/** A percentage the server already rounded, always with one decimal. */
export const formatPercent = (n: number) => `${n.toFixed(1)}%`;
// One count format for the app (components/count-format.ts); the dashboard's modules import it from here.
export { formatCount } from '../../components/count-format';

/** An x-axis label: the hour for the 24-hour range, the day otherwise, in the website's zone (as the server buckets). */
export function bucketLabel(
  iso: string,
  bucket: Dashboard['bucket'],
  timeZone: string,
  locale?: string,
): string {
  const options: Intl.DateTimeFormatOptions =
    bucket === 'hour'
      ? { hour: '2-digit', minute: '2-digit', timeZone }
      : { month: 'short', day: 'numeric', timeZone };
  return dateTimeFormat(locale, options).format(new Date(iso));
}

export function isEmptyDashboard(d: Dashboard): boolean {
  return (
    d.totalClicks === 0 && d.uniqueVisitors === 0 && Object.values(d.trafficSources).every((n) => n === 0)
  );
}

/** Top Pages shows a page by its path (the website is known); the full address stays in the tooltip. */
export function pagePath(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}${u.hash}`;
  } catch {
    return url;
  }
}
